import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseXsb } from '../format/xsb.js';
import { verify } from '../play.js';
import { solve } from './solve.js';
import { flat } from '../testing/generated.js';

const microban = parseXsb(
  readFileSync(new URL('../../../../fixtures/sokoban/microban_155.xsb', import.meta.url), 'utf8'),
).levels;

/**
 * The fast mode's node budget a level that replaces the old 30 s (about 30 CPU-s at the XSokoban
 * rate of 50,000 states/s; see the README). Work decides, so every run solves the same levels.
 */
const FAST_WORK = 1_500_000;
/** Microban 153, the costliest, takes about 17 CPU-s: allow for a load of 40 on two cores. */
const LEVEL_TIMEOUT_MS = 1_200_000;

// Every Microban level is solvable: with all the prunings on (PI-corrals, corral, freeze and
// bipartite deadlocks, goal-room macros), no mode may call one unsolvable, and every answer must
// replay. Under a work budget the fast mode solves all 155 on any machine.
describe('solve on all 155 Microban levels', () => {
  for (const [i, level] of microban.entries()) {
    it(
      `Microban ${i + 1}: the fast mode solves it within ${FAST_WORK.toLocaleString('en-US')} nodes`,
      () => {
        const r = flat(solve(level, { maxWork: FAST_WORK }, { mode: 'fast' }));
        expect(r.outcome).toEqual({ kind: 'solved' });
        expect(verify(level, r.solution).solved).toBe(true);
      },
      LEVEL_TIMEOUT_MS,
    );
  }

  it('the optimal mode calls none unsolvable either (2,000 states a level)', () => {
    for (const [i, level] of microban.entries()) {
      const r = flat(solve(level, { maxWork: 2_000 }));
      expect(r.outcome.kind, `Microban ${i + 1}`).not.toBe('impossible');
      if (r.solved) expect(verify(level, r.solution).solved).toBe(true);
    }
  });
});
