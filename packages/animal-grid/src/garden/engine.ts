/**
 * Beautiful Garden's plain export for a game engine: the garden as grids of numbers, top row first,
 * with a legend for the flower codes (as `engineExport` does for the animal grid). Described by
 * `schema/garden-engine.schema.json`; an engine needs no puzzlekit code to load it.
 */
import { seedCount, type GardenLevel, type Planting } from './model.js';

/** One code of the legend: 0 is an empty cell, 1… the level's flower kinds in its order. */
export interface GardenLegendEntry {
  readonly code: number;
  readonly name: string;
  /** The humidity range (percent, inclusive) where the flower spreads; absent for `empty`. */
  readonly min?: number;
  readonly max?: number;
}

/** A garden level (and its answer) as plain grids and a legend. */
export interface GardenEngineExport {
  readonly format: 'puzzlekit-garden-engine';
  readonly version: 1;
  readonly width: number;
  readonly height: number;
  /** Rounds of growth after planting. */
  readonly rounds: number;
  /** Humidity per cell (percent), top row first. */
  readonly humidity: readonly (readonly number[])[];
  /** Every code an engine may meet in `target` and `planting`. */
  readonly legend: readonly GardenLegendEntry[];
  /** The flowers given to the player: legend code and count (all must be planted). */
  readonly flowers: readonly { readonly code: number; readonly count: number }[];
  /** The garden to grow, as legend codes, top row first. */
  readonly target: readonly (readonly number[])[];
  /** The answer's planting as legend codes, top row first, or null without an answer. */
  readonly planting: readonly (readonly number[])[] | null;
}

/** Exports a garden level, and its answer when given, for an engine. */
export function gardenEngineExport(level: GardenLevel, answer?: Planting): GardenEngineExport {
  const n = level.size;
  const codeOf = new Map(level.flowerTypes.map((f, i) => [f.name, i + 1]));
  const rows = <T>(cell: (i: number) => T): T[][] =>
    Array.from({ length: n }, (_, y) => Array.from({ length: n }, (__, x) => cell(y * n + x)));
  const planted = new Map<number, string>();
  for (const p of answer ?? []) planted.set(p.y * n + p.x, p.flower);
  const code = (name: string | null | undefined): number =>
    name === null || name === undefined ? 0 : (codeOf.get(name) ?? 0);
  return {
    format: 'puzzlekit-garden-engine',
    version: 1,
    width: n,
    height: n,
    rounds: level.rounds,
    humidity: rows((i) => level.humidity[i]!),
    legend: [
      { code: 0, name: 'empty' },
      ...level.flowerTypes.map((f, i) => ({ code: i + 1, name: f.name, min: f.min, max: f.max })),
    ],
    flowers: level.flowerTypes
      .map((f, i) => ({ code: i + 1, count: seedCount(level, f.name) }))
      .filter((f) => f.count > 0),
    target: rows((i) => code(level.target[i])),
    planting: answer === undefined ? null : rows((i) => code(planted.get(i))),
  };
}
