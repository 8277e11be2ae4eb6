import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseXsb } from '../format/xsb.js';
import { verify } from '../play.js';
import { solve } from './solve.js';
import { flat } from '../testing/generated.js';

const microban = parseXsb(
  readFileSync(new URL('../../../../fixtures/sokoban/microban_155.xsb', import.meta.url), 'utf8'),
).levels;

// Every Microban level is solvable: with all the prunings on (PI-corrals, corral, freeze and
// bipartite deadlocks, goal-room macros), no mode may call one unsolvable, and every answer must
// replay. Which levels finish within the time depends on the machine, so only soundness is checked.
describe('solve on all 155 Microban levels', () => {
  for (let from = 0; from < microban.length; from += 40) {
    const to = Math.min(from + 40, microban.length);
    it(`levels ${from + 1}–${to}: fast answers replay; no level is called unsolvable`, () => {
      for (let i = from; i < to; i++) {
        const level = microban[i]!;
        const r = flat(solve(level, { maxMs: 10_000 }, { mode: 'fast' }));
        expect(r.outcome.kind, `Microban ${i + 1}`).not.toBe('impossible');
        if (r.solved) expect(verify(level, r.solution).solved, `Microban ${i + 1}`).toBe(true);
      }
    });
  }

  it('the optimal mode calls none unsolvable either (2,000 states a level)', () => {
    for (const [i, level] of microban.entries()) {
      const r = flat(solve(level, { maxWork: 2_000 }));
      expect(r.outcome.kind, `Microban ${i + 1}`).not.toBe('impossible');
      if (r.solved) expect(verify(level, r.solution).solved).toBe(true);
    }
  });
});
