/**
 * Beautiful Garden's front door (`GameDescriptor` of @puzzlekit/job): its collection file, generate,
 * solve, verify and rate, so `puzzlekit garden …` and the pack runner reach it like every game.
 */
import {
  defineGame,
  valueOf,
  type Budget,
  type JobResult,
  type JsonValue,
  type OptionValues,
  type Rating,
} from '@puzzlekit/job';
import { InvalidInputError } from '@puzzlekit/errors';
import type { Rng } from '@puzzlekit/rng';
import { underPath } from '../format/json.js';
import { asJobResult } from '../job-result.js';
import { validateGarden } from './format.js';
import { formatGardenCollection, parseGardenCollection } from './collection.js';
import { GARDEN_GENERATE_MAX_WORK, generateGardenLevel } from './generate.js';
import { growPlanting, type GardenLevel, type Planting } from './model.js';
import { checkPlanting, readPlanting } from './planting.js';
import { GARDEN_MAX_WORK, solveGarden } from './solve.js';
import { describeGarden } from './text.js';

/**
 * How hard a garden is to solve: `score` is the work (partial plantings) the exhaustive solver needs
 * to find every planting and prove there is no other — a measure of search, since the paper gives
 * the garden no difficulty formula and no grades.
 */
export interface GardenRating extends Rating {
  readonly score: number;
  /** Plantings that grow into the target (1 for a well-made level). */
  readonly plantings: number;
}

/** A garden level as plain JSON (the level format, flower types included). */
function gardenToJson(level: GardenLevel): JsonValue {
  const n = level.size;
  const rows = <T>(cells: readonly T[]): T[][] =>
    Array.from({ length: n }, (_, y) => cells.slice(y * n, y * n + n));
  return {
    size: n,
    rounds: level.rounds,
    flowers: { ...level.seeds },
    humidity: rows(level.humidity),
    target: rows(level.target),
    flowerTypes: level.flowerTypes.map((f) => ({ name: f.name, min: f.min, max: f.max })),
  };
}

/** Why a planting does not solve a level, in one line; null when it does. */
function plantingFault(level: GardenLevel, planting: Planting): string | null {
  try {
    checkPlanting(level, planting);
  } catch (e) {
    // The reason alone: it names the flower or the cell, which is what a designer looks for.
    if (e instanceof InvalidInputError) return e.reason;
    throw e;
  }
  const grown = growPlanting(level, planting);
  const n = level.size;
  const wrong = grown.findIndex((g, i) => g !== level.target[i]);
  if (wrong < 0) return null;
  const what = (f: string | null): string => f ?? 'nothing';
  return `after ${level.rounds} round(s) cell ${wrong % n},${Math.floor(wrong / n)} holds ${what(grown[wrong]!)} where the target has ${what(level.target[wrong]!)}`;
}

function rateGarden(level: GardenLevel, budget: Budget): JobResult<GardenRating> {
  const r = solveGarden(level, budget, { listLimit: 0 });
  return asJobResult(r, () => ({ score: r.work, plantings: r.count }));
}

/** Beautiful Garden, the paper's new game: `puzzlekit garden …`. */
export const game = defineGame<GardenLevel, Planting, GardenRating>({
  id: 'garden',
  title: 'Beautiful Garden',
  packageName: '@puzzlekit/animal-grid',
  format: {
    extension: 'json',
    parse: (text) => parseGardenCollection(text),
    print: formatGardenCollection,
  },
  levelToJson: gardenToJson,
  levelFromJson: (json, path = '$') => underPath(path, () => validateGarden(json)),
  answerToJson: (answer) => answer.map((p) => ({ flower: p.flower, x: p.x, y: p.y })),
  // Without its level only the shape of a planting can be read; verify checks it against the level.
  answerFromJson: (json, path = '$') => readPlanting(json, path),
  render: describeGarden,
  generate: {
    unit: 'attempts',
    budget: { maxWork: GARDEN_GENERATE_MAX_WORK },
    options: [
      {
        name: 'size',
        kind: 'integer',
        min: 2,
        max: 8,
        default: 4,
        description: 'side of the garden',
      },
      {
        name: 'rounds',
        kind: 'integer',
        min: 0,
        max: 100,
        description: 'rounds of growth (default 1 up to size 3, else 2)',
      },
    ],
    run(options: OptionValues, rng: Rng, budget: Budget) {
      const size = (options.size ?? 4) as number;
      const rounds = options.rounds as number | undefined;
      const r = generateGardenLevel(
        rng,
        rounds === undefined ? { size } : { size, rounds },
        budget,
      );
      return asJobResult(r, () => {
        const g = valueOf(r)!;
        return { level: g.level, answer: g.solution };
      });
    },
  },
  solve: {
    unit: 'nodes',
    budget: { maxWork: GARDEN_MAX_WORK },
    options: [],
    run(level: GardenLevel, budget: Budget) {
      const r = solveGarden(level, budget, { countLimit: 1, listLimit: 1 });
      return asJobResult(r, () => r.solutions[0]!);
    },
  },
  verify(level: GardenLevel, planting: Planting) {
    const fault = plantingFault(level, planting);
    return fault === null ? { ok: true } : { ok: false, reason: fault };
  },
  rate: { unit: 'nodes', budget: { maxWork: GARDEN_MAX_WORK }, run: rateGarden },
});
