import { describe, expect, it } from 'vitest';
import { game } from './fixtures/sum-game.js';
import { makeLevel, normalizeSpec, packJobBudget } from './index.js';

describe('a level task', () => {
  it("leaves out the game's default time limit, keeping its work bounds and the spec's own", () => {
    const defaults = { unit: 'nodes', budget: { maxWork: 10, maxMs: 5, maxStates: 7 } };
    expect(packJobBudget(defaults, undefined)).toEqual({ maxWork: 10, maxStates: 7 });
    expect(packJobBudget(defaults, { maxMs: 100 })).toEqual({
      maxWork: 10,
      maxStates: 7,
      maxMs: 100,
    });
    expect(packJobBudget(defaults, { maxWork: 3 })).toEqual({ maxWork: 3, maxStates: 7 });
  });

  it('is not stopped by a default time limit of the game, so its bytes never depend on the clock', () => {
    // A game whose solver would stop at once on its own default time limit (0 ms).
    const hasty = { ...game, solve: { ...game.solve!, budget: { maxWork: 1_000_000, maxMs: 0 } } };
    const spec = normalizeSpec(
      { game: 'sum', gameId: 'sum', count: 1, seed: 3, options: { size: 12 } },
      hasty,
    );
    const result = makeLevel(hasty, spec, 0, 0);
    expect(result.accepted?.jobs.solve?.outcome).toEqual({ kind: 'solved' });
    expect(result.budgetStopped).toEqual([]);
  });
});
