/** Bitmask tables for the 3×3 board: bit i is cell i = y * 3 + x. Internal. */

export const FULL = 0x1ff;

/** Height (1–3) of each cell. */
export const HEIGHT = Int8Array.from(
  { length: 9 },
  (_, i) => Math.min(i % 3, Math.floor(i / 3)) + 1,
);

/** Cells of each height: HEIGHT_MASK[h] for h = 1..3 (index 0 unused). */
export const HEIGHT_MASK = Int16Array.from({ length: 4 }, (_, h) => {
  let m = 0;
  for (let i = 0; i < 9; i++) if (HEIGHT[i] === h) m |= 1 << i;
  return m;
});

/** Orthogonal neighbours of each cell. */
export const NEIGHBORS = Int16Array.from({ length: 9 }, (_, i) => {
  const x = i % 3;
  const y = Math.floor(i / 3);
  let m = 0;
  if (x > 0) m |= 1 << (i - 1);
  if (x < 2) m |= 1 << (i + 1);
  if (y > 0) m |= 1 << (i - 3);
  if (y < 2) m |= 1 << (i + 3);
  return m;
});

/** Per mask: popcount, union of neighbours, min/max height (0 for the empty mask), set of heights (bits 1..3). */
export const POP = new Int8Array(512);
export const NB = new Int16Array(512);
export const MIN_H = new Int8Array(512);
export const MAX_H = new Int8Array(512);
export const HSET = new Int8Array(512);
for (let m = 0; m < 512; m++) {
  let pop = 0;
  let nb = 0;
  let lo = 0;
  let hi = 0;
  let hs = 0;
  for (let i = 0; i < 9; i++) {
    if ((m >> i) & 1) {
      pop++;
      nb |= NEIGHBORS[i]!;
      const h = HEIGHT[i]!;
      hs |= 1 << h;
      if (lo === 0 || h < lo) lo = h;
      if (h > hi) hi = h;
    }
  }
  POP[m] = pop;
  NB[m] = nb;
  MIN_H[m] = lo;
  MAX_H[m] = hi;
  HSET[m] = hs;
}

/** All masks with k bits, k = 0..9, ascending. */
export const MASKS_BY_POP: readonly Int16Array[] = Array.from({ length: 10 }, (_, k) => {
  const out: number[] = [];
  for (let m = 0; m < 512; m++) if (POP[m] === k) out.push(m);
  return Int16Array.from(out);
});

/** Cells with height > h (h = 0..3). */
export function cellsAbove(h: number): number {
  let m = 0;
  for (let g = h + 1; g <= 3; g++) m |= HEIGHT_MASK[g]!;
  return m;
}

/** Cells with height < h. */
export function cellsBelow(h: number): number {
  let m = 0;
  for (let g = 1; g < h; g++) m |= HEIGHT_MASK[g]!;
  return m;
}

/** Binomial coefficient for small n. */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}
