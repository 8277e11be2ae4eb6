// Runs of empty cells updated line by line (as the solver does after each move) against a full
// recomputation of the same grid.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeSegments, createEngine, segmentColumn, segmentRow, type Engine } from './engine.js';

/** Each cell's run as [first, last] for both directions (-1 outside runs): what the listing reads. */
function runsOf(e: Engine): number[] {
  const out: number[] = [];
  for (let i = 0; i < e.size; i++) {
    const h = e.hseg[i]!;
    const v = e.vseg[i]!;
    out.push(h < 0 ? -1 : e.hStart[h]!, h < 0 ? -1 : e.hEnd[h]!, h);
    out.push(v < 0 ? -1 : e.vStart[v]!, v < 0 ? -1 : e.vEnd[v]!, v);
  }
  return out;
}

describe('runs of empty cells', () => {
  it('updating only the changed rows and columns gives the full recomputation (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        fc.array(fc.integer({ min: -1, max: 3 }), { minLength: 81, maxLength: 81 }),
        fc.array(fc.tuple(fc.nat(80), fc.integer({ min: -1, max: 3 })), { maxLength: 12 }),
        (rows, cols, ring, start, changes) => {
          const e = createEngine(rows, cols, ring);
          const at = (k: number): number =>
            ((Math.floor(k / cols) % rows) + 1) * e.pw + (k % cols) + 1;
          for (let k = 0; k < rows * cols; k++) e.grid[at(k)] = start[k]!;
          computeSegments(e);
          const touchedRows = new Set<number>();
          const touchedCols = new Set<number>();
          for (const [k, value] of changes) {
            const i = at(k % (rows * cols));
            e.grid[i] = value;
            touchedRows.add(Math.floor(i / e.pw));
            touchedCols.add(i % e.pw);
          }
          for (const r of touchedRows) segmentRow(e, r);
          for (const c of touchedCols) segmentColumn(e, c);
          const updated = runsOf(e);
          computeSegments(e);
          expect(updated).toEqual(runsOf(e));
        },
      ),
      { numRuns: 300 },
    );
  });
});
