import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '@puzzlekit/rng';
import { compileLevel, screwDepths } from '../board.js';
import { SEED_PARAMS, rateSnapshot } from '../rate/dct.js';
import { Game, LOST, PLAYING, WON } from './engine.js';
import { makeSpawner } from './policy.js';
import { makeChooser } from './bots.js';
import { playOnce, replaySolution, simulate } from './simulate.js';
import { flatLevel, generated, TINY } from '../testing/levels.js';
import type { Level } from '../model.js';

const seq = (boxes: string[]) => makeSpawner({ kind: 'sequence', boxes }, Rng.from(0));

describe('rules', () => {
  it('screws go to the middle box, then the left box, then the tray; full boxes leave and the left box moves to the middle', () => {
    const level = flatLevel(['red', 'blue', 'green'], 3);
    const g = new Game(compileLevel(level), 2, SEED_PARAMS, true);
    const sp = seq(['red', 'blue', 'green']);
    g.refill(sp);
    expect(Array.from(g.boxColor)).toEqual([0, 1]);
    g.tap(3, sp); // blue → left box
    expect(Array.from(g.boxFill)).toEqual([0, 1]);
    g.tap(6, sp); // green → tray
    expect(g.trayTotal).toBe(1);
    g.tap(0, sp);
    g.tap(1, sp);
    g.tap(2, sp); // red box full: blue moves to the middle, green spawns on the left and takes the tray green
    expect(Array.from(g.boxColor)).toEqual([1, 2]);
    expect(Array.from(g.boxFill)).toEqual([1, 1]);
    expect(g.trayTotal).toBe(0);
    for (const s of [4, 5, 7, 8]) g.tap(s, sp);
    expect(g.status).toBe(WON);
    const recs = g.records!;
    expect(recs.map((r) => [r.color, r.position, r.finished])).toEqual([
      ['red', 'middle', true],
      ['blue', 'left', true],
      ['green', 'left', true],
    ]);
    // green spawned beside blue with one green in the tray: M = 1, K = 1; l ≤ 2, dct(a) = 1/5·100.
    expect(recs[2]).toMatchObject({ M: 1, K: 1, hasCurrent: true, dct: 20 });
  });

  it('a new box takes three tray screws at once and leaves full', () => {
    const level = flatLevel(['red', 'blue'], 3);
    const g = new Game(compileLevel(level), 1, SEED_PARAMS, true);
    const sp = seq(['red', 'blue']);
    g.refill(sp);
    for (const s of [3, 4, 5]) g.tap(s, sp);
    expect(g.trayTotal).toBe(3);
    for (const s of [0, 1, 2]) g.tap(s, sp);
    expect(g.status).toBe(WON);
    expect(g.completed).toBe(2);
    expect(g.records!.map((r) => r.dct)).toEqual([0, 0]);
  });

  it('the game is lost when no tappable screw has anywhere to go', () => {
    const level = flatLevel(['red', 'blue', 'green'], 3, 2);
    const lv = compileLevel(level);
    const g = new Game(lv, 1, SEED_PARAMS, true);
    const sp = seq(['red', 'blue', 'green']);
    g.refill(sp);
    g.tap(3, sp);
    g.tap(6, sp);
    const moves = new Int32Array(9);
    // Only the three red screws can move now.
    expect(Array.from(moves.subarray(0, g.legal(moves)))).toEqual([0, 1, 2]);
    expect(g.destination(4)).toBe(-1);
    g.tap(4, sp);
    expect(g.status).toBe(LOST);
  });

  it('bars fall when their last screw goes and uncover what they covered', () => {
    const lv = compileLevel(TINY);
    const g = new Game(lv, 2, SEED_PARAMS, false);
    const acc = new Int32Array(6);
    expect(Array.from(acc.subarray(0, g.accessible(acc)))).toEqual([0, 3, 4, 5]);
    g.tap(3, null); // C falls: B-red (2) is uncovered
    expect(Array.from(acc.subarray(0, g.accessible(acc)))).toEqual([0, 2, 4, 5]);
    g.tap(2, null); // B falls: A-blue (1) is uncovered
    expect(Array.from(acc.subarray(0, g.accessible(acc)))).toEqual([0, 1, 4, 5]);
  });

  it('replays recorded solutions and names the first bad tap', () => {
    const level = flatLevel(['red', 'blue'], 3);
    expect(replaySolution(level, { boxes: ['red', 'blue'], taps: [0, 1, 2, 3, 4, 5] }).won).toBe(
      true,
    );
    const bad = replaySolution(TINY, { boxes: ['red', 'blue'], taps: [0, 1] });
    expect(bad).toMatchObject({ won: false, failedAt: 1 });
    expect(bad.reason).toMatch(/covered/);
  });
});

/** Recomputes depth and counters from scratch, from which screws are still on the board. */
function fromScratch(level: Level, present: Uint8Array) {
  const bars = level.bars.map((b, bi) => ({ b, bi }));
  let s = 0;
  const owner: number[] = [];
  for (const { b, bi } of bars) for (let k = 0; k < b.screws.length; k++, s++) owner.push(bi);
  const barAlive = level.bars.map((_, bi) => owner.some((o, t) => o === bi && present[t] === 1));
  const reduced: Level = { ...level, bars: level.bars.filter((_, bi) => barAlive[bi]) };
  // Depth of each still-present screw in the level made only of bars still up.
  const depths = screwDepths(reduced);
  const out: { color: string; depth: number }[] = [];
  let r = 0;
  s = 0;
  level.bars.forEach((b, bi) => {
    for (const sc of b.screws) {
      if (barAlive[bi]) {
        if (present[s] === 1) out.push({ color: sc.color, depth: depths[r]! });
        r++;
      }
      s++;
    }
  });
  return out;
}

describe('incremental state matches a from-scratch recomputation (property)', () => {
  it('after every tap of random games on random levels', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom<'random' | 'greedy'>('random', 'greedy'),
        (seed, bot) => {
          const level = generated({
            colors: 3,
            boxesPerColor: 2,
            layers: 3,
            width: 5,
            height: 5,
            seed,
          });
          const lv = compileLevel(level);
          const rng = Rng.from(seed);
          const sp = makeSpawner({ kind: 'random' }, rng.fork());
          const ch = makeChooser({ kind: bot }, rng.fork());
          const g = new Game(lv, 2, SEED_PARAMS, true);
          // The same game under the C# reading: a copy whose index reads depths instead of layers.
          const gc = new Game(lv, 2, { ...SEED_PARAMS, reading: 'cover' }, false);
          g.refill(sp);
          const moves = new Int32Array(lv.nScrews);
          while (g.status === PLAYING) {
            const n = g.legal(moves);
            if (n === 0) break;
            g.tap(ch.choose(g, moves, n), sp);
            gc.copyFrom(g);
            const snap = g.snapshot();
            expect(snap.screws.map(({ color, depth }) => ({ color, depth }))).toEqual(
              fromScratch(level, g.present),
            );
            // The engine's counters give the same index as rating its snapshot, in both readings.
            for (const [game, reading] of [
              [g, 'layers'],
              [gc, 'cover'],
            ] as const) {
              const rated = rateSnapshot(snap, { ...SEED_PARAMS, reading });
              for (let c = 0; c < lv.colors.length; c++) {
                const name = lv.colors[c]!;
                if (rated.middle[name] !== undefined && g.boxColor[0]! < 0)
                  expect(game.dctFor(c, 0)).toBeCloseTo(rated.middle[name], 9);
                if (rated.left[name] !== undefined && g.boxColor[0]! >= 0)
                  expect(game.dctFor(c, 1)).toBeCloseTo(rated.left[name], 9);
              }
            }
            // Screw conservation per colour: board + tray + boxes = total − 3·completed boxes of that colour.
            let inBoxes = 0;
            for (let k = 0; k < 2; k++) if (g.boxColor[k]! >= 0) inBoxes += g.boxFill[k]!;
            expect(g.boardLeft + g.trayTotal + inBoxes).toBe(lv.nScrews - 3 * g.completed);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('simulate', () => {
  const level = generated({
    colors: 4,
    boxesPerColor: 2,
    layers: 3,
    width: 6,
    height: 6,
    seed: 11,
  });
  it('is deterministic for a seed and differs across seeds', () => {
    const a = simulate(level, {
      runs: 40,
      bot: { kind: 'greedy' },
      policy: { kind: 'random' },
      seed: 5,
    });
    const b = simulate(level, {
      runs: 40,
      bot: { kind: 'greedy' },
      policy: { kind: 'random' },
      seed: 5,
    });
    expect(a).toEqual(b);
    const c = simulate(level, {
      runs: 40,
      bot: { kind: 'random' },
      policy: { kind: 'random' },
      seed: 6,
    });
    expect(c.boxes).not.toEqual(a.boxes);
  });
  it('accounts for every box and every tap', () => {
    const r = simulate(level, {
      runs: 50,
      bot: { kind: 'lookahead', depth: 2 },
      policy: { kind: 'band', low: 0, high: 55 },
      seed: 1,
    });
    expect(r.boxes.length).toBe(r.boxesSpawned);
    expect(r.hard.spawned + r.easy.spawned).toBe(r.boxesSpawned);
    // A won game completes all 8 boxes.
    expect(r.boxesFinished).toBeGreaterThanOrEqual(8 * r.wins);
    expect(r.trayHistogram.length).toBe(6);
    expect(r.meanMaxTray).toBeLessThanOrEqual(5);
    for (const b of r.boxes)
      expect(b.maxTray).toBeGreaterThanOrEqual(b.trayAtSpawn - Math.min(b.K, 3));
  });
  it('reports progress every 100 playouts and at the end', () => {
    const seen: number[] = [];
    simulate(
      level,
      { runs: 250, bot: { kind: 'random' }, policy: { kind: 'random' }, seed: 1 },
      { onProgress: (d) => seen.push(d) },
    );
    expect(seen).toEqual([100, 200, 250]);
  });
  it('the lookahead bot reports when its node budget ran out', () => {
    const r = simulate(level, {
      runs: 3,
      bot: { kind: 'lookahead', depth: 3, nodesPerDecision: 5 },
      policy: { kind: 'random' },
      seed: 2,
    });
    expect(r.budgetHits).toBeGreaterThan(0);
  });
  it('a stronger bot wins at least as often on a flat level where greedy is optimal', () => {
    const flat = flatLevel(['a', 'b', 'c', 'd'], 3);
    const lv = compileLevel(flat);
    const g = playOnce(
      lv,
      makeChooser({ kind: 'greedy' }, Rng.from(1)),
      makeSpawner({ kind: 'random' }, Rng.from(2)),
      2,
      SEED_PARAMS,
      null,
    );
    // Every screw is reachable: greedy fills each box straight away and never uses the tray.
    expect(g.status).toBe(WON);
    expect(g.maxTray).toBe(0);
  });
  it('rejects bad options with clear errors', () => {
    expect(() =>
      simulate(level, { runs: 0, bot: { kind: 'greedy' }, policy: { kind: 'random' }, seed: 1 }),
    ).toThrow(/runs/);
    expect(() =>
      simulate(level, {
        runs: 1,
        bot: { kind: 'greedy' },
        policy: { kind: 'band', low: 9, high: 1 },
        seed: 1,
      }),
    ).toThrow(/low ≤ high/);
    expect(() =>
      simulate(level, {
        runs: 1,
        bot: { kind: 'smart' as 'greedy' },
        policy: { kind: 'random' },
        seed: 1,
      }),
    ).toThrow(/unknown bot/);
  });
});

describe('N is fixed per level, never carried over', () => {
  it('each level rates its boxes with its own N, whatever was played before', () => {
    const small = flatLevel(['red', 'blue'], 3); // N = 3
    const big = flatLevel(['red', 'blue'], 6); // N = 6
    const a = simulate(small, {
      runs: 2,
      bot: { kind: 'greedy' },
      policy: { kind: 'random' },
      seed: 1,
    });
    const b = simulate(big, {
      runs: 2,
      bot: { kind: 'greedy' },
      policy: { kind: 'random' },
      seed: 1,
    });
    const c = simulate(small, {
      runs: 2,
      bot: { kind: 'greedy' },
      policy: { kind: 'random' },
      seed: 1,
    });
    expect(new Set(a.boxes.map((r) => r.N))).toEqual(new Set([3]));
    expect(new Set(b.boxes.map((r) => r.N))).toEqual(new Set([6]));
    expect(c).toEqual(a);
  });
});

describe('copyFrom', () => {
  it('gives the same game as clone when play continues', () => {
    const level = generated({
      colors: 4,
      boxesPerColor: 2,
      layers: 3,
      width: 6,
      height: 6,
      seed: 8,
    });
    const lv = compileLevel(level);
    const sp = makeSpawner({ kind: 'sequence', boxes: level.solution!.boxes }, Rng.from(0));
    const g = new Game(lv, 2, SEED_PARAMS, false);
    g.refill(sp);
    for (const s of level.solution!.taps.slice(0, 7)) g.tap(s, sp);
    const viaClone = g.clone();
    const viaCopy = new Game(lv, 2, SEED_PARAMS, false);
    viaCopy.copyFrom(g);
    for (const s of level.solution!.taps.slice(7, 15)) {
      viaClone.tap(s, null);
      viaCopy.tap(s, null);
    }
    expect(viaCopy.snapshot()).toEqual(viaClone.snapshot());
    expect(viaCopy.completed).toBe(viaClone.completed);
    // The original is untouched.
    expect(g.boardLeft).toBe(lv.nScrews - 7);
  });
});
