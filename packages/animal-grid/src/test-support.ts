/** Shared test helpers (not part of the package API): the Level 50 puzzle, a brute-force oracle, random puzzles. */
import fc from 'fast-check';
import { Rng } from '@puzzlekit/rng';
import { ANIMALS, PIECE_LIMITS, type Animal, type Constraint, type Puzzle } from './model.js';
import { solve } from './solve/solver.js';
import { PAPER_FLOWERS, type GardenLevel } from './garden/model.js';

export { LEVEL_50, LEVEL_50_ANSWER } from './fixtures.js';

/** True when `text` holds a control character (other than a line feed): error messages must not. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x0a) return true;
  }
  return false;
}

// ---- an independent oracle: every distinct arrangement, checked cell by cell ----
const h = (x: number, y: number): number => Math.min(x, y) + 1;
const ROWS = ['orange', 'lemon', 'apple'];
const COLS = ['pineapple', 'banana', 'strawberry'];

function holds(c: Constraint, grid: readonly Animal[]): boolean {
  const where = (a: Animal): [number, number][] =>
    grid.flatMap((g, i) => (g === a ? [[i % 3, Math.floor(i / 3)] as [number, number]] : []));
  switch (c.type) {
    case 'height':
      return where(c.animal).every(([x, y]) => h(x, y) === c.height);
    case 'row':
    case 'column':
      return where(c.animal).every(([x, y]) => {
        const name = c.type === 'row' ? ROWS[y]! : COLS[x]!;
        return (c.fruits as readonly string[]).includes(name) === c.in;
      });
    case 'adjacent': {
      const [a, b] = c.animals;
      const near = (p: [number, number], q: [number, number]): boolean =>
        Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) === 1;
      return (
        where(a).every((p) => where(b).some((q) => near(p, q))) &&
        where(b).every((p) => where(a).some((q) => near(p, q)))
      );
    }
    case 'relativeHeight': {
      const ha = where(c.animal).map(([x, y]) => h(x, y));
      const hb = where(c.than).map(([x, y]) => h(x, y));
      if (c.relation === 'higher') return Math.min(...ha) > Math.max(...hb);
      if (c.relation === 'lower') return Math.max(...ha) < Math.min(...hb);
      return new Set([...ha, ...hb]).size === 1;
    }
  }
}

export function bruteForce(p: Puzzle): string[] {
  const pieces: Animal[] = [];
  for (const a of ANIMALS) for (let k = 0; k < (p.animals[a] ?? 0); k++) pieces.push(a);
  const out: string[] = [];
  const grid: Animal[] = [];
  const left = new Map<Animal, number>(ANIMALS.map((a) => [a, p.animals[a] ?? 0]));
  const rec = (): void => {
    if (grid.length === 9) {
      if (p.constraints.every((c) => holds(c, grid))) out.push(key(grid));
      return;
    }
    for (const a of ANIMALS) {
      if ((left.get(a) ?? 0) === 0) continue;
      left.set(a, left.get(a)! - 1);
      grid.push(a);
      rec();
      grid.pop();
      left.set(a, left.get(a)! + 1);
    }
  };
  rec();
  return out.sort();
}
const key = (grid: readonly Animal[]): string => grid.join(',');
export const solutionKeys = (p: Puzzle): string[] =>
  solve(p, { listLimit: Infinity })
    .solutions.map((s) => {
      const grid = new Array<Animal>(9);
      for (const q of s) grid[q.y * 3 + q.x] = q.animal;
      return key(grid);
    })
    .sort();

/** Random puzzle: nine pieces of a few kinds (keeps the brute force small) and random conditions. */
export const puzzleArb = fc
  .record({
    seed: fc.integer(),
    kinds: fc.integer({ min: 2, max: 4 }),
    n: fc.integer({ min: 0, max: 7 }),
  })
  .map(({ seed, kinds, n }) => randomPuzzle(Rng.from(seed), kinds, n));

export function randomPuzzle(rng: Rng, kinds: number, n: number): Puzzle {
  const multi: Animal[] = ['panda', 'lion', 'hippo'];
  const chosen = rng.sample<Animal>(ANIMALS, kinds);
  if (!chosen.includes('panda')) chosen[0] = 'panda';
  const animals: Partial<Record<Animal, number>> = {};
  let left = 9;
  for (const a of chosen) animals[a] = 0;
  for (const a of chosen) {
    if (left > 0) {
      animals[a] = 1;
      left--;
    }
  }
  while (left > 0) {
    const a = rng.pick(multi.filter((c) => (animals[c] ?? 0) < PIECE_LIMITS[c]));
    animals[a] = (animals[a] ?? 0) + 1;
    left--;
  }
  const present = ANIMALS.filter((a) => (animals[a] ?? 0) > 0);
  const constraints: Constraint[] = [];
  for (let i = 0; i < n; i++) {
    const a = rng.pick(present);
    const others = present.filter((b) => b !== a);
    const t = rng.int(0, 4);
    if (t === 0)
      constraints.push({ type: 'height', animal: a, height: rng.int(1, 3) as 1 | 2 | 3 });
    else if (t === 1)
      constraints.push({
        type: 'row',
        animal: a,
        fruits: rng.sample(ROWS, rng.int(1, 2)) as never,
        in: rng.bool(),
      });
    else if (t === 2)
      constraints.push({
        type: 'column',
        animal: a,
        fruits: rng.sample(COLS, rng.int(1, 2)) as never,
        in: rng.bool(),
      });
    else if (t === 3) constraints.push({ type: 'adjacent', animals: [a, rng.pick(others)] });
    else
      constraints.push({
        type: 'relativeHeight',
        animal: a,
        relation: rng.pick(['higher', 'lower', 'same'] as const),
        than: rng.pick(others),
      });
  }
  return { animals, constraints };
}

/**
 * A 16×16 garden that is one wet region, 8 roses, 3 rounds: far too many plantings to try, so a
 * search on it only stops at its budget (tests of budgets and the before/after bench).
 */
export function openGardenField(): GardenLevel {
  const n = 16;
  return {
    size: n,
    humidity: new Array<number>(n * n).fill(55),
    flowerTypes: PAPER_FLOWERS,
    seeds: { rose: 8 },
    rounds: 3,
    target: new Array<string | null>(n * n).fill('rose'),
  };
}
