import { Rng } from '@puzzlekit/rng';
import { gridGraph, uniformSpanningTree } from '@puzzlekit/disjoint-set';
import { DX4, DY4, distanceMap, parseGrid, printGrid } from '@puzzlekit/grid';
import { astar } from '@puzzlekit/graph-search';
import { describeOutcome } from '@puzzlekit/job';
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

const WALL = 1;
const PATH = 2;

/**
 * The core packages at work: a seeded stream (rng), a uniform spanning tree drawn as a maze
 * (disjoint-set), read back as a grid with a BFS distance map (grid), and its shortest corner-to-corner
 * path found by A* with a Manhattan heuristic (graph-search), cross-checked against the BFS distance.
 */
export function coreDemo(): DemoSection {
  const rng = Rng.from('puzzlekit demo');
  const dice = Array.from({ length: 12 }, () => rng.int(1, 6));
  const deck = rng.shuffled(['A', 'K', 'Q', 'J', '10', '9', '8', '7']);
  const [width, height] = [16, 6];
  const tree = uniformSpanningTree(gridGraph(width, height), rng.fork());
  const mazeText = drawMaze(width, height, tree.edgeU, tree.edgeV);

  const maze = parseGrid(mazeText, { legend: { '#': WALL, ' ': 0 } });
  const start = maze.width + 1;
  const goal = (maze.height - 2) * maze.width + (maze.width - 2);
  const open = (value: number): boolean => value !== WALL;
  const distances = distanceMap(maze, start, open);
  const gx = goal % maze.width;
  const gy = Math.floor(goal / maze.width);
  const search = astar<number, number>({
    start,
    keySpace: maze.width * maze.height,
    key: (cell) => cell,
    isGoal: (cell) => cell === goal,
    heuristic: (cell) =>
      Math.abs((cell % maze.width) - gx) + Math.abs(Math.floor(cell / maze.width) - gy),
    neighbours: (cell, emit) => {
      const x = cell % maze.width;
      const y = Math.floor(cell / maze.width);
      for (let d = 0; d < 4; d++) {
        const next = (y + DY4[d]!) * maze.width + (x + DX4[d]!);
        if (maze.cells[next] !== WALL) emit(next);
      }
    },
  });
  if (search.outcome.kind !== 'solved')
    throw new Error(`A* did not find the maze path (${describeOutcome(search.outcome)})`);
  if (search.cost !== distances[goal]) {
    throw new Error(`A* cost ${search.cost} differs from the BFS distance ${distances[goal]}`);
  }
  for (const cell of search.path ?? []) maze.cells[cell] = PATH;
  const solved = printGrid(maze, { 0: ' ', [WALL]: '#', [PATH]: '·' });
  const reachable = distances.reduce((n, d) => (d >= 0 ? n + 1 : n), 0);

  const text = [
    `rng (seed "puzzlekit demo"): 12 dice ${dice.join(' ')}; a shuffled deck ${deck.join(' ')}`,
    `disjoint-set: a uniform random spanning tree of a ${width}×${height} grid (Wilson's algorithm), ${tree.edgeU.length} edges, drawn as a maze.`,
    `grid: the maze read back as a ${maze.width}×${maze.height} grid; BFS reaches all ${reachable} open cells.`,
    `graph-search: A* finds the corner-to-corner path in ${search.cost} steps (expanded ${search.work} positions; BFS agrees):`,
    solved,
  ].join('\n');
  return {
    title: 'core packages',
    text,
    data: {
      dice,
      deck,
      width,
      height,
      pathLength: search.cost,
      expanded: search.work,
      maze: solved.split('\n'),
    },
  };
}
