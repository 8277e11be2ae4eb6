// The s type against the source article's own example, 百川归海(特别版) (cjcjc, 25×23, 101 boxes),
// compared up to rotation and mirror.
import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL, type Level } from '../model.js';
import { parseLevel } from '../format/xsb.js';
import { verify } from '../play.js';
import { generated } from '../testing/generated.js';

const EXAMPLE = [
  '#########################',
  '#@$-*-*-*-*-*-*-*-.---###',
  '#.#-#-#-#-#-#-#-#$#-#$###',
  '#-------$-.-*---$---.-###',
  '#*#*#$#.#.#$#$#-#*#.#*###',
  '#-----*---$---.-$-.---###',
  '#*#$#-#-#-#.#*#.#*#-#*###',
  '#---.---*---$---.-$---###',
  '#*#-#.#*#*#$#*#-#.#-#*###',
  '#---$-.-*-*-*-.-$-----###',
  '#*#-#*#-#-#-#$#.#*#*#*###',
  '#---$-.-$---$---.-.---###',
  '#*#$#$#$#*#-#*#*#$#-#*###',
  '#---*-.-.-$-*---$-----###',
  '#*#.#.#*#-#.#.#*#*#-#*###',
  '#-----$-.-*-*---------###',
  '#*#-#.#-#$#-#.#$#*#-#*###',
  '#---*-*-------$-.-------#',
  '#$#.#$#-#*#-#*#$#.#$#*#-#',
  '#-*---$-$-.-.---*-----*-#',
  '#-#-#-#-#-#-#-#-#-#-#.###',
  '#-.-*-*-*-*-*-*-*-*-$-###',
  '#########################',
].join('\n');

/** The level turned by one of the 8 symmetries of the square (k: quarter turns, then a mirror). */
function transform(level: Level, k: number, mirror: boolean): Level {
  let { width, height } = level;
  let cells = level.cells;
  let player = level.player;
  for (let t = 0; t < k; t++) {
    // quarter turn clockwise: (x, y) -> (height - 1 - y, x)
    const next = new Uint8Array(cells.length);
    const w2 = height;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) next[x * w2 + (height - 1 - y)] = cells[y * width + x]!;
    const px = player % width;
    const py = (player - px) / width;
    player = px * w2 + (height - 1 - py);
    cells = next;
    [width, height] = [height, width];
  }
  if (mirror) {
    const next = new Uint8Array(cells.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) next[y * width + (width - 1 - x)] = cells[y * width + x]!;
    const px = player % width;
    player = player - px + (width - 1 - px);
    cells = next;
  }
  return { width, height, cells, player };
}

const cellsWith = (level: Level, flag: number, keep: (c: number) => boolean): number[] =>
  Array.from(level.cells.keys()).filter((c) => level.cells[c]! & flag && keep(c));

/** Free cells all connected (boxes at `flag` cells): the boxes join every pillar in a tree. */
function isTree(level: Level, flag: number): boolean {
  const { width, cells } = level;
  const blocked = (c: number): boolean => (cells[c]! & WALL) !== 0 || (cells[c]! & flag) !== 0;
  const free = Array.from(cells.keys()).filter((c) => !blocked(c));
  const seen = new Set([free[0]!]);
  const stack = [free[0]!];
  while (stack.length > 0) {
    const c = stack.pop()!;
    for (const t of [c - 1, c + 1, c - width, c + width]) {
      if (!seen.has(t) && !blocked(t)) {
        seen.add(t);
        stack.push(t);
      }
    }
  }
  return seen.size === free.length;
}

/** Free cells (boxes at `flag` cells) not connected to the largest free region. */
function pocketCells(level: Level, flag: number): number[] {
  const { width, cells } = level;
  const blocked = (c: number): boolean => (cells[c]! & WALL) !== 0 || (cells[c]! & flag) !== 0;
  const label = new Int32Array(cells.length).fill(-1);
  const sizes: number[] = [];
  for (let s = 0; s < cells.length; s++) {
    if (blocked(s) || label[s]! >= 0) continue;
    const id = sizes.length;
    const stack = [s];
    label[s] = id;
    let size = 0;
    while (stack.length > 0) {
      const c = stack.pop()!;
      size++;
      for (const t of [c - 1, c + 1, c - width, c + width]) {
        if (label[t]! < 0 && !blocked(t)) {
          label[t] = id;
          stack.push(t);
        }
      }
    }
    sizes.push(size);
  }
  const main = sizes.indexOf(Math.max(...sizes));
  return Array.from(label.keys()).filter((c) => label[c]! >= 0 && label[c] !== main);
}

describe('s type: the skeleton of 百川归海(特别版)', () => {
  const example = parseLevel(EXAMPLE);

  it('the example itself: 101 boxes, start and goal are spanning trees', () => {
    expect(cellsWith(example, BOX, () => true)).toHaveLength(101);
    expect(isTree(example, BOX)).toBe(true);
    expect(isTree(example, GOAL)).toBe(true);
  });

  it('n = 10 gives its board, annex, player, rim ties in the start and the turned rim in the goal', () => {
    const g = generated({ type: 's', size: 10, pushes: 2000, seed: 1, select: 'farthest' });
    const level = g.level;
    expect([level.width, level.height]).toEqual([25, 23]);
    expect(g.boxes).toBe(101);
    expect(verify(level, g.solution!).solved).toBe(true);
    // the rim corridor and the annex: every cell off the 10×10 lattice's interior
    const rim = (c: number): boolean => {
      const x = c % level.width;
      const y = (c - x) / level.width;
      return x === 1 || y === 1 || x >= 21 || y === 21;
    };
    const same = (a: Level, b: Level, flag: number, keep: (c: number) => boolean): boolean =>
      JSON.stringify(cellsWith(a, flag, keep)) === JSON.stringify(cellsWith(b, flag, keep));
    let matches = 0;
    for (let k = 0; k < 4; k++) {
      for (const mirror of [false, true]) {
        const t = transform(example, k, mirror);
        if (t.width !== level.width || t.height !== level.height) continue;
        if (!same(t, level, WALL, () => true) || t.player !== level.player) continue;
        // start: the same rim boxes (so the same two untied rim pillars); goal: the same turned rim
        expect(same(t, level, BOX, rim)).toBe(true);
        expect(same(t, level, GOAL, rim)).toBe(true);
        matches++;
      }
    }
    expect(matches).toBe(1);
    expect(isTree(level, BOX)).toBe(true);
    expect(isTree(level, GOAL)).toBe(g.goalIsTree);
  });

  it('the bottom-left corner pillar hangs on its upper neighbour, so the turn leaves no pocket there', () => {
    // In the example the box between the two lowest left-column pillars is there at the start; the
    // turn unties the upper pillar and ties the corner, which only re-roots that branch. (The turn
    // of the top side still closes one pocket, at the rim left of the entrance: see the README.)
    const example2 = parseLevel(EXAMPLE);
    expect(example2.cells[19 * example2.width + 2]! & BOX).toBe(BOX);
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const n of [8, 10, 13]) {
        const g = generated({ type: 's', size: n, pushes: 1000, seed, select: 'farthest' });
        const { width, cells } = g.level;
        expect(cells[(2 * n - 1) * width + 2]! & BOX).toBe(BOX);
        const outside = pocketCells(g.level, GOAL).filter((c) => c >= 2 * width);
        expect(outside).toEqual([]);
      }
    }
  });

  it('other sizes keep the skeleton: n² + 1 boxes on a (2n+5)×(2n+3) board', () => {
    for (const n of [8, 12]) {
      const g = generated({ type: 's', size: n, pushes: 500, seed: n });
      expect([g.level.width, g.level.height]).toEqual([2 * n + 5, 2 * n + 3]);
      expect(g.boxes).toBe(n * n + 1);
      expect(verify(g.level, g.solution!).solved).toBe(true);
    }
  });
});
