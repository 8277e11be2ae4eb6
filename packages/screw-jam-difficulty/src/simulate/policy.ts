import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import type { Rng } from '@puzzlekit/rng';
import type { Game, Spawner } from './engine.js';
import type { BandChoice, BandFallback } from '../rate/pick.js';
import { blendWeights, pickInBand } from '../rate/pick.js';

/**
 * How the game picks the colour of each new box, among colours that still have boxes to come
 * (in the level's colour order):
 * - `random`: uniformly;
 * - `band`: the article's rule — a colour whose dct (middle index with no current box, left index
 *   beside one) lies in [low, high], `first` such (the article) or `random` among them, else the
 *   `easiest` (the article) or the `nearest` to the band;
 * - `blend`: the open prototypes' weight blending "most available" and "rarest" by K in 0..1,
 *   availability = tappable screws of the colour plus its tray screws;
 * - `sequence`: a fixed list of colours (replaying a recorded game); when the list is used up or
 *   names a colour without boxes left, the first colour with boxes left.
 */
export type SpawnPolicy =
  | { readonly kind: 'random' }
  | {
      readonly kind: 'band';
      readonly low: number;
      readonly high: number;
      readonly choice?: BandChoice;
      readonly fallback?: BandFallback;
    }
  | { readonly kind: 'blend'; readonly k: number }
  | { readonly kind: 'sequence'; readonly boxes: readonly string[] };

/** Checks a policy's numbers, throwing an `InvalidInputError` for a bad one. */
export function checkPolicy(policy: SpawnPolicy): SpawnPolicy {
  const bad = (why: string): never => {
    throw new InvalidInputError(why, { code: 'INVALID_POLICY' });
  };
  if (policy.kind === 'band') {
    if (!Number.isFinite(policy.low) || !Number.isFinite(policy.high) || policy.low > policy.high)
      bad(`band needs finite low ≤ high, got [${policy.low}, ${policy.high}]`);
  } else if (policy.kind === 'blend') {
    if (!(policy.k >= 0 && policy.k <= 1)) bad(`blend K must be in 0..1, got ${policy.k}`);
  } else if (policy.kind !== 'random' && policy.kind !== 'sequence') {
    bad(`unknown policy kind ${quoteInput(String((policy as { kind: unknown }).kind))}`);
  }
  return policy;
}

/** Builds the spawner for one game from a policy and that game's spawn RNG. */
export function makeSpawner(policy: SpawnPolicy, rng: Rng): Spawner {
  const cand = new Int32Array(64);
  let buf = cand;
  const collect = (g: Game): number => {
    const C = g.boxesLeft.length;
    if (buf.length < C) buf = new Int32Array(C);
    let n = 0;
    for (let c = 0; c < C; c++) if (g.boxesLeft[c]! > 0) buf[n++] = c;
    return n;
  };
  switch (policy.kind) {
    case 'random':
      // collect() first: it may replace `buf` by a larger array (more than 64 colours).
      return (g) => {
        const n = collect(g);
        return buf[rng.below(n)]!;
      };
    case 'band': {
      const choice = policy.choice ?? 'first';
      const fallback = policy.fallback ?? 'easiest';
      return (g, slot) => {
        const n = collect(g);
        const dcts: number[] = [];
        for (let i = 0; i < n; i++) dcts.push(g.dctFor(buf[i]!, slot));
        return buf[pickInBand(dcts, policy.low, policy.high, choice, fallback, rng)!.index]!;
      };
    }
    case 'blend':
      return (g) => {
        const n = collect(g);
        const avail: number[] = [];
        for (let i = 0; i < n; i++) avail.push(g.free[buf[i]!]! + g.tray[buf[i]!]!);
        return buf[rng.weightedIndex(blendWeights(avail, policy.k))]!;
      };
    case 'sequence': {
      let next = 0;
      // Colour ids by name, built for the first game's level (a spawner serves one game).
      let ids: Map<string, number> | null = null;
      let idsFor: unknown = null;
      return (g) => {
        if (idsFor !== g.lv.colors) {
          ids = new Map(g.lv.colors.map((name, i) => [name, i]));
          idsFor = g.lv.colors;
        }
        const name = policy.boxes[next++];
        const c = name === undefined ? -1 : (ids!.get(name) ?? -1);
        if (c >= 0 && g.boxesLeft[c]! > 0) return c;
        collect(g);
        return buf[0]!;
      };
    }
  }
}
