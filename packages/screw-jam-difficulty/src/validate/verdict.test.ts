import { describe, expect, it } from 'vitest';
import { compareBands, describeValidation, indexVerdict } from './verdict.js';
import { TallyBuilder, type DctTally } from './tally.js';
import { simulate } from '../simulate/simulate.js';
import { generated } from '../testing/levels.js';

/** A tally of `n` boxes at each (dct, failed) pair. */
function tally(rows: readonly [dct: number, boxes: number, failed: number][]): DctTally {
  const t = new TallyBuilder();
  for (const [dct, boxes, failed] of rows)
    for (let i = 0; i < boxes; i++) t.add(dct, i < failed, 1);
  return t.build();
}

describe('indexVerdict', () => {
  it('says in words how well the index predicts failure (hand-checked tallies)', () => {
    // Every hard box fails and no easy one does: AUC 1.
    const perfect = indexVerdict(
      tally([
        [10, 40, 0],
        [80, 40, 40],
      ]),
    );
    expect(perfect.strength).toBe('well');
    expect(perfect.words).toBe(
      'The index well predicts which boxes fail on these levels: boxes it rates hard (dct > 55) failed 100.0 % of the time, boxes it rates easy 0.0 %; of a failed and a finished box, it rates the failed one harder 100.0 % of the time (50 % is a coin toss).',
    );
    expect(perfect.bestCut).toMatchObject({ threshold: 10, tiedUpTo: 79, j: 1 });
    // Failure independent of dct: AUC 0.5.
    const none = indexVerdict(
      tally([
        [10, 40, 10],
        [80, 40, 10],
      ]),
    );
    expect(none.strength).toBe('not');
    expect(none.words).toMatch(/^The index does not predict which boxes fail/);
    expect(none.figures.rocAuc).toBe(0.5);
    // AUC = P(failed above finished) + ½ P(tie): failed at 30 (10) and 80 (10); finished at 30 (30)
    // and 80 (10): (10·30 + ½(10·30 + 10·10)) / (20·40) = 500 / 800 = 0.625.
    const barely = indexVerdict(
      tally([
        [30, 40, 10],
        [80, 20, 10],
      ]),
    );
    expect(barely.figures.rocAuc).toBe(0.625);
    expect(barely.strength).toBe('barely');
    expect(indexVerdict(tally([[30, 5, 0]])).words).toBe(
      'Cannot judge the index on these games: no box failed (5 boxes).',
    );
  });

  it('writes the verdict first and the figures last, each named, with the tie range of the cut', () => {
    const v = indexVerdict(
      tally([
        [10, 50, 5],
        [30, 50, 20],
        [45, 50, 12],
        [60, 50, 25],
      ]),
    );
    const lines = describeValidation(v);
    expect(lines[0]).toBe(v.words);
    expect(lines[1]).toBe(
      'Failure does not rise steadily with dct: boxes rated 40–55 failed less often (24.0 %) than boxes rated 20–40 (40.0 %).',
    );
    // J(t) for "hard = dct > t" (62 failed, 138 finished): t < 10 calls every box hard, J = 0;
    // t = 10..29: 57/62 − 93/138 = 0.245; t = 30..44: 37/62 − 63/138 = 0.140; t = 45..59:
    // 25/62 − 25/138 = 0.222; t ≥ 60: 0. Best: 10, tied up to 29.
    expect(v.bestCut).toMatchObject({ threshold: 10, tiedUpTo: 29 });
    expect(lines[2]).toMatch(
      /^The "hard" line that best separates failed from finished boxes is dct > 10–29 \(every threshold from 10 to 29 splits the boxes the same way\)/,
    );
    expect(lines.at(-1)).toMatch(/^Figures behind this verdict: ROC AUC 0\.\d{3} \(the chance/);
    expect(lines.join('\n')).toContain("Youden's J");
  });
});

describe('compareBands', () => {
  const levels = [1, 2, 3].map((seed) =>
    generated({ colors: 5, boxesPerColor: 2, layers: 4, width: 6, height: 6, seed }),
  );
  const bands = [
    [60, 100],
    [0, 30],
  ] as const;
  it('plays the baseline and each band, in band order, with the bot’s win rate per band', () => {
    const r = compareBands({ levels, bot: { kind: 'greedy' }, bands, runsPerLevel: 40, seed: 7 });
    expect(r.outcome).toEqual({ kind: 'solved' });
    expect(r.work).toBe(3 * 3 * 40);
    expect(r.bands.map((b) => b.band)).toEqual([
      [0, 30],
      [60, 100],
    ]);
    // Independent truth: the baseline is the random spawner's games, level by level.
    let wins = 0;
    levels.forEach((level, i) => {
      wins += simulate(level, {
        runs: 40,
        bot: { kind: 'greedy' },
        policy: { kind: 'random' },
        seed: 7 + i,
        keepBoxes: false,
      }).wins;
    });
    expect(r.baseline).toMatchObject({ games: 120, wins, versusRandom: null });
    expect(r.lowerIsEasier).toBe(r.bands[0]!.winRate >= r.bands[1]!.winRate);
    expect(r.words).toMatch(/^The greedy bot wins \d+\.\d % of games with random boxes; /);
    expect(r.words).toContain(
      r.lowerIsEasier
        ? 'Lower bands make the games easier for this player'
        : 'Lower bands do not always make the games easier',
    );
  });

  it('shares one work budget in playouts across its runs', () => {
    const r = compareBands(
      { levels, bot: { kind: 'random' }, bands, runsPerLevel: 40, seed: 7 },
      { maxWork: 100 },
    );
    expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 100, unit: 'playouts' });
    expect(r.work).toBe(100);
    expect(() =>
      compareBands({ levels: [], bot: { kind: 'random' }, bands, runsPerLevel: 1, seed: 1 }),
    ).toThrow(/at least one level/);
  });
});
