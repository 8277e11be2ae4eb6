import { Rng } from '@puzzlekit/rng';
import { gridGraph, uniformSpanningTree } from '@puzzlekit/disjoint-set';
import type { DemoSection } from './games/types.js';

/** Draws a spanning tree of a w×h grid as a maze: cells are open, tree edges open the wall between. */
function drawMaze(width: number, height: number, edgeU: Int32Array, edgeV: Int32Array): string {
  const W = 2 * width + 1;
  const H = 2 * height + 1;
  const chars: string[][] = Array.from({ length: H }, () => Array<string>(W).fill('#'));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) chars[2 * y + 1]![2 * x + 1] = ' ';
  for (let i = 0; i < edgeU.length; i++) {
    const u = edgeU[i]!;
    const v = edgeV[i]!;
    const [ux, uy, vx, vy] = [u % width, Math.floor(u / width), v % width, Math.floor(v / width)];
    chars[uy + vy + 1]![ux + vx + 1] = ' ';
  }
  return chars.map((r) => r.join('')).join('\n');
}

/** The core packages at work: a seeded stream, and a uniform spanning tree drawn as a maze. */
export function coreDemo(): DemoSection {
  const rng = Rng.from('puzzlekit demo');
  const dice = Array.from({ length: 12 }, () => rng.int(1, 6));
  const deck = rng.shuffled(['A', 'K', 'Q', 'J', '10', '9', '8', '7']);
  const [width, height] = [16, 6];
  const tree = uniformSpanningTree(gridGraph(width, height), rng.fork());
  const maze = drawMaze(width, height, tree.edgeU, tree.edgeV);
  const text = [
    `rng (seed "puzzlekit demo"): 12 dice ${dice.join(' ')}; a shuffled deck ${deck.join(' ')}`,
    `disjoint-set: a uniform random spanning tree of a ${width}×${height} grid (Wilson's algorithm), ${tree.edgeU.length} edges, drawn as a maze:`,
    maze,
  ].join('\n');
  return {
    title: 'core packages',
    text,
    data: { dice, deck, width, height, maze: maze.split('\n') },
  };
}
