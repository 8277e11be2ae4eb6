import type { Rng } from '@puzzlekit/rng';
import type { Snapshot } from '../model.js';
import { rateSnapshot, SEED_PARAMS, type DctParams } from './dct.js';
import { blendWeights, pickInBand, type BandChoice, type BandFallback } from './pick.js';

/** Options of {@link pickColor}. */
export interface PickColorOptions {
  /** Which index: the middle box (no box current) or the left box beside the current one. */
  readonly position: 'middle' | 'left';
  /** Band: `[low, high]` with the article's rule, or `{ k }` for the prototypes' blended weight. */
  readonly band: readonly [number, number] | { readonly k: number };
  /** In band: the article's `first` or `random` (needs `rng`). */
  readonly choice?: BandChoice;
  /** Out of band: the article's `easiest` or `nearest`. */
  readonly fallback?: BandFallback;
  /** Random source for `random` choice and for the blend. */
  readonly rng?: Rng;
  /** Index parameters. */
  readonly params?: DctParams;
}

/** The colour picked for a new box, with its dct and whether it lay in the band. */
export interface PickedColor {
  /** Colour name. */
  readonly color: string;
  /** Its dct for the chosen position. */
  readonly dct: number;
  /** In the band (always false for the blend). */
  readonly inBand: boolean;
}

/**
 * Picks the colour of a new box from an engine snapshot, among the colours that can still fill a box
 * (see `SnapshotRating.spawnable`), in the snapshot's colour order. Null when none can.
 */
export function pickColor(snapshot: Snapshot, options: PickColorOptions): PickedColor | null {
  const rating = rateSnapshot(snapshot, options.params ?? SEED_PARAMS);
  const table = options.position === 'middle' ? rating.middle : rating.left;
  const cands = rating.spawnable;
  if (cands.length === 0) return null;
  const dcts = cands.map((c) => table[c]!);
  if (Array.isArray(options.band)) {
    const [low, high] = options.band as readonly [number, number];
    const p = pickInBand(
      dcts,
      low,
      high,
      options.choice ?? 'first',
      options.fallback ?? 'easiest',
      options.rng,
    );
    return { color: cands[p!.index]!, dct: dcts[p!.index]!, inBand: p!.inBand };
  }
  const { k } = options.band as { readonly k: number };
  const avail = cands.map(
    (c) =>
      snapshot.screws.filter((s) => s.color === c && s.depth === 0).length +
      snapshot.tray.filter((t) => t === c).length,
  );
  const w = blendWeights(avail, k);
  let i: number;
  if (options.rng) i = options.rng.weightedIndex(w);
  else {
    i = 0;
    w.forEach((x, j) => {
      if (x > w[i]!) i = j;
    });
  }
  return { color: cands[i]!, dct: dcts[i]!, inBand: false };
}
