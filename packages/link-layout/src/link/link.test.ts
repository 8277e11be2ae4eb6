import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '@puzzlekit/rng';
import { parseBoard } from '../format/text.js';
import type { Board, Cell } from '../model.js';
import { canLink, findPath, isDeadlocked, playablePairs } from './path.js';
import { playMove, replay } from './play.js';
import { isSettledBoard } from '../generate/settled.js';
import type { Gravity } from '../model.js';

/** Reference gravity: compact each line towards the floor, blocked cells hold tiles up. */
function settleRef(board: Board, gravity: Gravity): Board {
  const { rows, cols } = board;
  const cells = board.cells.slice();
  if (gravity === 'none') return { rows, cols, cells };
  const lines: number[][] = [];
  if (gravity === 'down' || gravity === 'up')
    for (let c = 0; c < cols; c++) lines.push([...Array(rows).keys()].map((r) => r * cols + c));
  else for (let r = 0; r < rows; r++) lines.push([...Array(cols).keys()].map((c) => r * cols + c));
  for (let line of lines) {
    if (gravity === 'down' || gravity === 'right') line = line.reverse();
    let w = 0;
    for (let k = 0; k < line.length; k++) {
      const v = cells[line[k]!]!;
      if (v === -1) w = k + 1;
      else if (v > 0) {
        cells[line[k]!] = 0;
        cells[line[w++]!] = v;
      }
    }
  }
  return { rows, cols, cells };
}

/** Independent truth: BFS over (cell, direction, turns) on the ring-padded grid. */
function bruteLink(board: Board, a: Cell, b: Cell, ring: boolean): boolean {
  const W = board.cols + 2;
  const H = board.rows + 2;
  const free = (r: number, c: number): boolean => {
    if (r < 0 || c < 0 || r >= H || c >= W) return false;
    if (r === 0 || c === 0 || r === H - 1 || c === W - 1) return ring;
    return board.cells[(r - 1) * board.cols + (c - 1)] === 0;
  };
  const [ar, ac] = [a[0] + 1, a[1] + 1];
  const [br, bc] = [b[0] + 1, b[1] + 1];
  const dirs = [
    [0, 1],
    [0, -1],
    [1, 0],
    [-1, 0],
  ] as const;
  const seen = new Set<string>();
  const queue: [number, number, number, number][] = [];
  for (let d = 0; d < 4; d++) queue.push([ar, ac, d, 0]);
  while (queue.length) {
    const [r, c, d, t] = queue.shift()!;
    for (let nd = 0; nd < 4; nd++) {
      const nt = t + (nd === d ? 0 : 1);
      if (nt > 2) continue;
      const nr = r + dirs[nd]![0];
      const nc = c + dirs[nd]![1];
      if (nr === br && nc === bc) return true;
      if (!free(nr, nc)) continue;
      const key = `${nr},${nc},${nd},${nt}`;
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push([nr, nc, nd, nt]);
    }
  }
  return false;
}

function randomBoard(rng: Rng, rows: number, cols: number, faces: number, density: number): Board {
  const cells: number[] = [];
  for (let i = 0; i < rows * cols; i++) {
    const x = rng.float();
    cells.push(x < density ? 1 + rng.below(faces) : x < density + 0.05 ? -1 : 0);
  }
  return { rows, cols, cells };
}

function checkPath(board: Board, path: readonly Cell[], ring: boolean): void {
  expect(path.length).toBeGreaterThanOrEqual(2);
  expect(path.length).toBeLessThanOrEqual(4);
  for (let i = 1; i < path.length; i++) {
    const [r0, c0] = path[i - 1]!;
    const [r1, c1] = path[i]!;
    expect(r0 === r1 || c0 === c1).toBe(true);
    const steps = Math.abs(r1 - r0) + Math.abs(c1 - c0);
    for (let k = 1; k < steps; k++) {
      const r = r0 + Math.sign(r1 - r0) * k;
      const c = c0 + Math.sign(c1 - c0) * k;
      if (r < 0 || c < 0 || r >= board.rows || c >= board.cols) expect(ring).toBe(true);
      else expect(board.cells[r * board.cols + c]).toBe(0);
    }
    if (i < path.length - 1) {
      const [r, c] = path[i]!;
      if (r >= 0 && c >= 0 && r < board.rows && c < board.cols)
        expect(board.cells[r * board.cols + c]).toBe(0);
    }
  }
}

describe('the two-turn link rule', () => {
  it('finds the classic shapes (hand-checked)', () => {
    const b = parseBoard(`
A.#
#..
#.A`);
    // the only route of at most two turns: right, down, right
    expect(findPath(b, [0, 0], [2, 2])).toEqual([
      [0, 0],
      [0, 1],
      [2, 1],
      [2, 2],
    ]);
    expect(findPath(b, [0, 0], [2, 2], { ring: false })).toHaveLength(4);
    // through the ring only: up, right, down
    const ringOnly = parseBoard('A#A');
    // over the top or the bottom ring (row −1 or row 1 of a one-row board), same length
    const viaRing = findPath(ringOnly, [0, 0], [0, 2])!;
    expect([-1, 1]).toContain(viaRing[1]![0]);
    expect(viaRing).toEqual([
      [0, 0],
      [viaRing[1]![0], 0],
      [viaRing[1]![0], 2],
      [0, 2],
    ]);
    expect(findPath(ringOnly, [0, 0], [0, 2], { ring: false })).toBeNull();
    // a checkerboard 2×2: the diagonal A's need three turns even with the ring
    const diag = parseBoard('AB\nBA');
    expect(findPath(diag, [0, 0], [1, 1])).toBeNull();
    expect(bruteLink(diag, [0, 0], [1, 1], true)).toBe(false);
    expect(findPath(diag, [0, 1], [1, 0])).toBeNull();
  });

  it('straight, one-turn and adjacent paths', () => {
    const b = parseBoard(`
A..A
B...
.B.C
...C`);
    expect(findPath(b, [0, 0], [0, 3])).toEqual([
      [0, 0],
      [0, 3],
    ]);
    expect(findPath(b, [1, 0], [2, 1])).toHaveLength(3);
    expect(findPath(b, [2, 3], [3, 3])).toEqual([
      [2, 3],
      [3, 3],
    ]);
    expect(findPath(b, [0, 0], [1, 0])).toBeNull(); // different faces
    expect(canLink(b, [0, 0], [0, 3])).toBe(true);
  });

  it('agrees with a brute-force BFS on random boards, and paths are valid', () => {
    const rng = Rng.from('link-bfs');
    for (let trial = 0; trial < 120; trial++) {
      const rows = 1 + rng.below(6);
      const cols = 1 + rng.below(7);
      const ring = rng.bool(0.7);
      const board = randomBoard(rng, rows, cols, 3, 0.3 + rng.float() * 0.5);
      const listed = new Set(playablePairs(board, { ring }).map((m) => JSON.stringify(m)));
      const expected = new Set<string>();
      const tiles: Cell[] = [];
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) if (board.cells[r * cols + c]! > 0) tiles.push([r, c]);
      for (let i = 0; i < tiles.length; i++)
        for (let j = i + 1; j < tiles.length; j++) {
          const a = tiles[i]!;
          const b = tiles[j]!;
          const same = board.cells[a[0] * cols + a[1]] === board.cells[b[0] * cols + b[1]];
          const truth = same && bruteLink(board, a, b, ring);
          const path = findPath(board, a, b, { ring });
          expect(path !== null).toBe(truth);
          if (path) checkPath(board, path, ring);
          if (truth) expect(findPath(board, b, a, { ring })).not.toBeNull();
          if (truth) expected.add(JSON.stringify([a, b]));
        }
      expect(listed).toEqual(expected);
    }
  });

  it('property: the fast listing equals the brute force', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 25, maxLength: 25 }),
        fc.boolean(),
        (rows, cols, raw, ring) => {
          const board: Board = { rows, cols, cells: raw.slice(0, rows * cols) };
          const fast = playablePairs(board, { ring }).length;
          let slow = 0;
          for (let i = 0; i < rows * cols; i++)
            for (let j = i + 1; j < rows * cols; j++) {
              const v = board.cells[i]!;
              if (v > 0 && v === board.cells[j]) {
                const a: Cell = [Math.floor(i / cols), i % cols];
                const b: Cell = [Math.floor(j / cols), j % cols];
                if (bruteLink(board, a, b, ring)) slow++;
              }
            }
          expect(fast).toBe(slow);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('detects a deadlock', () => {
    const stuck = parseBoard(`
######
#AB#.#
#BA#.#
######`);
    expect(playablePairs(stuck)).toEqual([]);
    expect(isDeadlocked(stuck)).toBe(true);
    expect(isDeadlocked(parseBoard('AA'))).toBe(false);
    expect(isDeadlocked(parseBoard('..'))).toBe(false);
  });
});

describe('moves and gravity', () => {
  it('removes a pair and lets tiles fall in the chosen direction', () => {
    const b = parseBoard(`
BC
AA
CB`);
    // remove the A's in row 1: with gravity down, B and C above fall one row
    expect(
      playMove(
        b,
        [
          [1, 0],
          [1, 1],
        ],
        { gravity: 'down' },
      ).cells,
    ).toEqual(parseBoard('..\nBC\nCB').cells);
    expect(
      playMove(
        b,
        [
          [1, 0],
          [1, 1],
        ],
        { gravity: 'up' },
      ).cells,
    ).toEqual(parseBoard('BC\nCB\n..').cells);
    expect(
      playMove(b, [
        [1, 0],
        [1, 1],
      ]).cells,
    ).toEqual(parseBoard('BC\n..\nCB').cells);
    const right = parseBoard('BAA#CC\nDEE#..', { allowOdd: true });
    expect(
      playMove(
        right,
        [
          [0, 1],
          [0, 2],
        ],
        { gravity: 'right' },
      ).cells,
    ).toEqual(parseBoard('..B#CC\nDEE#..', { allowOdd: true }).cells);
    const left = parseBoard('AAB#CC\n..D#EE', { allowOdd: true });
    expect(() =>
      playMove(
        left,
        [
          [0, 0],
          [0, 1],
        ],
        { gravity: 'left' },
      ),
    ).toThrow(/not at rest/);
    const left2 = parseBoard('AAB#CC\nD..#EE', { allowOdd: true });
    expect(
      playMove(
        left2,
        [
          [0, 0],
          [0, 1],
        ],
        { gravity: 'left' },
      ).cells,
    ).toEqual(parseBoard('B..#CC\nD..#EE', { allowOdd: true }).cells);
  });

  it('rejects an unsettled board and illegal moves with clear errors', () => {
    expect(() => replay(parseBoard('A.\n.A'), [], { gravity: 'down' })).toThrow(/not at rest/);
    const r = replay(
      parseBoard('AB\nBA'),
      [
        [
          [0, 0],
          [1, 1],
        ],
      ],
      { ring: false },
    );
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/move 1: no path/);
    expect(
      replay(parseBoard('AB\nBA'), [
        [
          [0, 0],
          [0, 1],
        ],
      ]).error,
    ).toMatch(/differ/);
    expect(
      replay(parseBoard('AA'), [
        [
          [0, 0],
          [5, 5],
        ],
      ]).error,
    ).toMatch(/outside/);
    expect(() =>
      playMove(parseBoard('AB\nBA'), [
        [0, 0],
        [0, 1],
      ]),
    ).toThrow(/differ/);
    const ok = replay(parseBoard('AB\nAB'), [
      [
        [0, 0],
        [1, 0],
      ],
      [
        [0, 1],
        [1, 1],
      ],
    ]);
    expect(ok).toMatchObject({ ok: true, cleared: true });
  });

  it('property: a move under gravity equals removing the pair and settling by the reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 25, maxLength: 25 }),
        fc.constantFrom<Gravity>('down', 'up', 'left', 'right'),
        (rows, cols, raw, gravity) => {
          const board = settleRef({ rows, cols, cells: raw.slice(0, rows * cols) }, gravity);
          expect(isSettledBoard(board, gravity)).toBe(true);
          for (const move of playablePairs(board)) {
            const [[r1, c1], [r2, c2]] = move;
            const removed = board.cells.slice();
            removed[r1 * cols + c1] = 0;
            removed[r2 * cols + c2] = 0;
            const expected = settleRef({ rows, cols, cells: removed }, gravity);
            expect(playMove(board, move, { gravity }).cells).toEqual(expected.cells);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
