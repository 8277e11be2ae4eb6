import { describe, expect, it } from 'vitest';
import { runCollection } from './index.js';

const SUM_GAME = new URL('./fixtures/sum-game.ts', import.meta.url).href;

describe('runCollection', () => {
  it('solves every level in index order, replays answers and sums up', async () => {
    const levels = [
      { numbers: [3, 5, 7], target: 10 },
      { numbers: [2, 4], target: 5 },
      { numbers: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2], target: 11 },
      { numbers: [6], target: 6 },
    ];
    const events: unknown[] = [];
    const { results, summary } = await runCollection(
      { game: SUM_GAME, gameId: 'sum', levels, budget: { maxWork: 60 } },
      { workers: 2, memoryMb: 256, onEvent: (e) => events.push(e) },
    );
    expect(results.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect(results.map((r) => r.outcome.kind)).toEqual([
      'solved',
      'impossible',
      'gave-up',
      'solved',
    ]);
    expect(results[0]).toMatchObject({ answer: [0, 2], verified: true, unit: 'nodes' });
    expect(results[2]!.outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: 60,
      unit: 'nodes',
    });
    expect(summary).toMatchObject({
      levels: 4,
      solved: 2,
      impossible: 1,
      gaveUp: 1,
      failedReplay: 0,
      unit: 'nodes',
      workers: 2,
    });
    expect(summary.work).toBe(results.reduce((s, r) => s + r.work, 0));
    expect(events).toHaveLength(4);
  });

  it("passes the solver's options to every level, and refuses one it does not take", async () => {
    // 3 + 7 = 10 and 10 alone: taking numbers first finds [0, 1]; leaving them out first finds [2]
    const levels = [{ numbers: [3, 7, 10], target: 10 }];
    const first = await runCollection({ game: SUM_GAME, gameId: 'sum', levels }, { workers: 1 });
    expect(first.results[0]).toMatchObject({ answer: [0, 1], verified: true });
    const skipping = await runCollection(
      { game: SUM_GAME, gameId: 'sum', levels, options: { skipFirst: true } },
      { workers: 1 },
    );
    expect(skipping.results[0]).toMatchObject({ answer: [2], verified: true });
    await expect(
      runCollection({ game: SUM_GAME, gameId: 'sum', levels, options: { skipFirst: 'yes' } }),
    ).rejects.toThrow(/^\$\.options\.skipFirst: /);
    await expect(
      runCollection({ game: SUM_GAME, gameId: 'sum', levels, options: { mode: 'fast' } }),
    ).rejects.toThrow(/\$\.options/);
  });

  it('refuses a level the game cannot read before any work, naming it', async () => {
    await expect(
      runCollection({
        game: SUM_GAME,
        gameId: 'sum',
        levels: [{ numbers: [1], target: 1 }, { numbers: [] }],
      }),
    ).rejects.toThrow(/^\$\.levels\[1\]\.numbers: must be a list/);
  });
});
