/** The puzzle compiled to bitmasks for the solvers. Internal. */
import {
  ANIMALS,
  COLUMN_FRUITS,
  ROW_FRUITS,
  type Animal,
  type Constraint,
  type Puzzle,
} from './model.js';
import { FULL, HEIGHT_MASK, HSET, MAX_H, MIN_H, NB, POP } from './masks.js';

/** Relation kinds: 0 adjacent, 1 a higher than b, 2 same height. */
export const REL_ADJ = 0;
export const REL_HIGHER = 1;
export const REL_SAME = 2;

export interface Relation {
  readonly kind: number;
  readonly a: number;
  readonly b: number;
  /** Index of the condition in the puzzle. */
  readonly index: number;
}

export interface Compiled {
  /** Animal indices present (count > 0), in ANIMALS order. */
  readonly types: readonly number[];
  /** Copies per animal index. */
  readonly count: Int8Array;
  /** Cells allowed by the absolute conditions, per animal index. */
  readonly domain: Int16Array;
  /** Number of absolute conditions per animal index. */
  readonly absoluteCount: Int8Array;
  readonly relations: readonly Relation[];
}

export const animalIndex = (a: Animal): number => ANIMALS.indexOf(a);

/** Cells allowed by one absolute condition. */
export function absoluteMask(c: Constraint): number {
  if (c.type === 'height') return HEIGHT_MASK[c.height]!;
  if (c.type === 'row' || c.type === 'column') {
    let m = 0;
    for (const f of c.fruits) {
      const row = (ROW_FRUITS as readonly string[]).indexOf(f);
      const col = (COLUMN_FRUITS as readonly string[]).indexOf(f);
      for (let i = 0; i < 9; i++) {
        if (c.type === 'row' ? Math.floor(i / 3) === row : i % 3 === col) m |= 1 << i;
      }
    }
    return c.in ? m : FULL & ~m;
  }
  return FULL;
}

export function compile(p: Puzzle): Compiled {
  const count = new Int8Array(9);
  const domain = new Int16Array(9).fill(FULL);
  const absoluteCount = new Int8Array(9);
  ANIMALS.forEach((a, i) => (count[i] = p.animals[a] ?? 0));
  const relations: Relation[] = [];
  p.constraints.forEach((c, index) => {
    switch (c.type) {
      case 'adjacent':
        relations.push({
          kind: REL_ADJ,
          a: animalIndex(c.animals[0]),
          b: animalIndex(c.animals[1]),
          index,
        });
        break;
      case 'relativeHeight': {
        const a = animalIndex(c.animal);
        const b = animalIndex(c.than);
        if (c.relation === 'higher') relations.push({ kind: REL_HIGHER, a, b, index });
        else if (c.relation === 'lower') relations.push({ kind: REL_HIGHER, a: b, b: a, index });
        else relations.push({ kind: REL_SAME, a, b, index });
        break;
      }
      default: {
        const i = animalIndex(c.animal);
        domain[i] = domain[i]! & absoluteMask(c);
        absoluteCount[i] = absoluteCount[i]! + 1;
      }
    }
  });
  const types: number[] = [];
  for (let i = 0; i < 9; i++) if (count[i]! > 0) types.push(i);
  return { types, count, domain, absoluteCount, relations };
}

/** Does the pair of placed masks satisfy the relation? */
export function relationHolds(kind: number, ma: number, mb: number): boolean {
  if (kind === REL_ADJ) return (ma & ~NB[mb]!) === 0 && (mb & ~NB[ma]!) === 0;
  if (kind === REL_HIGHER) return MIN_H[ma]! > MAX_H[mb]!;
  return POP[HSET[ma]! | HSET[mb]!] === 1;
}
