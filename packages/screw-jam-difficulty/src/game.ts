import { InvalidInputError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  defineGame,
  gaveUpResult,
  isSolved,
  solvedResult,
  type Budget,
  type GaveUpOutcome,
  type JobResult,
  type JsonValue,
  type NamedLevel,
  type OptionSpec,
  type Rating,
} from '@puzzlekit/job';
import type { Level, LevelSolution } from './model.js';
import { compileLevel, levelSnapshot } from './board.js';
import { validateLevel } from './format/level.js';
import { arr, int, obj, onlyKeys, parseJsonText, str } from './format/json.js';
import { rateSnapshot, SEED_PARAMS, type Reading } from './rate/dct.js';
import { replayCompiled } from './simulate/simulate.js';
import { generateLevel, GENERATE_UNIT } from './generate/generate.js';
import { checkBoxOrder, solveLevel, SOLVE_MAX_WORK, SOLVE_UNIT } from './solve/solve.js';
import { renderLevel } from './render.js';

/**
 * The rating of a level at its start: the article's index dct for a first box, per colour, and its
 * mean over the colours as the score (0..100, higher is harder).
 */
export interface LevelRating extends Rating {
  /** Mean over the level's colours of the middle-box dct at the start (0..100). */
  readonly score: number;
  /**
   * The article's words: `hard` when the score is above its threshold 55 ("needs some luck"),
   * else `easy` ("a watchful player who makes no slip finishes it").
   */
  readonly grade: 'easy' | 'hard';
  /** dct of a first (middle) box of each colour at the start, in the level's colour order. */
  readonly middle: readonly { readonly color: string; readonly dct: number }[];
  /** The threshold of "hard" (the article's 55). */
  readonly threshold: number;
  /** The reading of "top two layers" and l (the prose's layer count). */
  readonly reading: Reading;
}

/**
 * Rates a level at its start: the middle-box dct of every colour (empty tray, no box yet) and their
 * mean. The work unit is the colour rated.
 */
export function rateLevel(level: Level, budget: Budget = {}): JobResult<LevelRating> {
  const meter = new BudgetMeter(budget, { unit: 'colours' });
  const rated = rateSnapshot(levelSnapshot(level));
  const middle: { color: string; dct: number }[] = [];
  for (const color of level.colors) {
    const bound = meter.spend();
    if (bound !== null) return gaveUpResult(meter.gaveUp(bound), meter.work);
    middle.push({ color, dct: rated.middle[color] ?? 0 });
  }
  const score = middle.length === 0 ? 0 : middle.reduce((s, m) => s + m.dct, 0) / middle.length;
  return solvedResult(
    {
      score,
      grade: score > SEED_PARAMS.threshold ? 'hard' : 'easy',
      middle,
      threshold: SEED_PARAMS.threshold,
      reading: rated.reading,
    },
    meter.work,
  );
}

/** Re-roots the JSON paths of errors thrown by `read` under `root` (`$.levels[2]` for `$`). */
function atPath<T>(root: string, read: () => T): T {
  if (root === '$') return read();
  try {
    return read();
  } catch (e) {
    if (e instanceof InvalidInputError && e.path?.startsWith('$'))
      throw new InvalidInputError(e.reason, {
        path: root + e.path.slice(1),
        ...(e.code === undefined ? {} : { code: e.code }),
      });
    throw e;
  }
}

/** A winning play from JSON: `{ boxes: [colour…], taps: [screw index…] }`. */
export function solutionFromJson(json: unknown, path = '$'): LevelSolution {
  const code = 'INVALID_ANSWER';
  const o = obj(json, path, code);
  onlyKeys(o, ['boxes', 'taps'], path, code);
  const boxes = arr(o.boxes, `${path}.boxes`, code).map((c, i) =>
    str(c, `${path}.boxes[${i}]`, code),
  );
  const taps = arr(o.taps, `${path}.taps`, code).map((t, i) =>
    int(t, `${path}.taps[${i}]`, 0, Number.MAX_SAFE_INTEGER, code),
  );
  return { boxes, taps };
}

/**
 * Replays a play under the game's rules (boxes in the play's order, each tap a screw on the board,
 * uncovered, with somewhere to go) and says whether it wins; when not, where and why in one line.
 */
export function verifySolution(
  level: Level,
  play: LevelSolution,
): { readonly ok: true } | { readonly ok: false; readonly reason: string } {
  const lv = compileLevel(level);
  const badOrder = checkBoxOrder(lv, play.boxes);
  if (badOrder !== null) return { ok: false, reason: badOrder };
  const r = replayCompiled(lv, play);
  if (r.won) return { ok: true };
  return {
    ok: false,
    reason:
      r.failedAt < play.taps.length
        ? `tap ${r.failedAt + 1} of ${play.taps.length}: ${r.reason}`
        : `after all ${play.taps.length} taps: ${r.reason}`,
  };
}

/** The collection file: one level object, or `{ "levels": [level, …] }` (name = title, solution = answer). */
function parseCollection(text: string): NamedLevel<Level, LevelSolution>[] {
  const json = parseJsonText(text);
  const isCollection =
    typeof json === 'object' && json !== null && !Array.isArray(json) && 'levels' in json;
  const entries: [unknown, string][] = isCollection
    ? (() => {
        const o = obj(json, '$');
        onlyKeys(o, ['levels'], '$');
        return arr(o.levels, '$.levels').map((l, i): [unknown, string] => [l, `$.levels[${i}]`]);
      })()
    : [[json, '$']];
  return entries.map(([raw, path]) => {
    const level = atPath(path, () => validateLevel(raw));
    return {
      level,
      ...(level.name === undefined ? {} : { title: level.name }),
      ...(level.solution === undefined ? {} : { answer: level.solution }),
    };
  });
}

/** The level as a collection entry writes it: the title as its name, the answer as its solution. */
function entryLevel(entry: NamedLevel<Level, LevelSolution>): Level {
  const { name: _name, solution: _solution, ...rest } = entry.level;
  const name = entry.title ?? entry.level.name;
  const solution = entry.answer ?? entry.level.solution;
  return {
    ...(name === undefined ? {} : { name }),
    ...rest,
    ...(solution === undefined ? {} : { solution }),
  };
}

function printCollection(levels: readonly NamedLevel<Level, LevelSolution>[]): string {
  const out = levels.map(entryLevel);
  return `${JSON.stringify(out.length === 1 ? out[0] : { levels: out }, null, 2)}\n`;
}

const GENERATE_OPTIONS: readonly OptionSpec[] = [
  { name: 'colors', kind: 'integer', description: 'colours', min: 1, max: 64, default: 6 },
  {
    name: 'boxesPerColor',
    kind: 'integer',
    description: 'boxes of three per colour',
    min: 1,
    max: 20,
    default: 2,
  },
  { name: 'layers', kind: 'integer', description: 'layers of bars', min: 1, max: 20, default: 4 },
  {
    name: 'width',
    kind: 'integer',
    description: 'board width in cells',
    min: 2,
    max: 200,
    default: 8,
  },
  {
    name: 'height',
    kind: 'integer',
    description: 'board height in cells',
    min: 2,
    max: 200,
    default: 10,
  },
  {
    name: 'traySlack',
    kind: 'integer',
    description: 'most tray screws the saved winning play may use (0..4)',
    min: 0,
    max: 4,
    default: 2,
  },
];

const SOLVE_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'boxes',
    kind: 'string',
    description:
      'box colours in spawn order, comma-separated (default: the order of the winning play saved in the level)',
  },
  {
    name: 'boxSlots',
    kind: 'integer',
    description: 'box positions: 2 (middle and left) or 1',
    min: 1,
    max: 2,
    default: 2,
  },
];

/** A number option's value (the CLI and packs pass them through `readOptions`). */
function intOf(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

/**
 * Screw Jam's front door: the level JSON format, the generator (winnable by construction), the exact
 * solver for a box order, verification by replay, and the article's box difficulty index as rating.
 */
export const game = defineGame<Level, LevelSolution, LevelRating>({
  id: 'screw-jam',
  title: 'Screw Jam',
  packageName: '@puzzlekit/screw-jam-difficulty',
  format: { extension: 'json', parse: parseCollection, print: printCollection },
  levelToJson: (level) => level as unknown as JsonValue,
  levelFromJson: (json, path = '$') => atPath(path, () => validateLevel(json)),
  answerToJson: (answer) => ({ boxes: [...answer.boxes], taps: [...answer.taps] }),
  answerFromJson: (json, path = '$') => solutionFromJson(json, path),
  render: renderLevel,
  generate: {
    options: GENERATE_OPTIONS,
    unit: GENERATE_UNIT,
    budget: {},
    run(options, rng, budget) {
      const r = generateLevel(
        {
          colors: intOf(options.colors, 6),
          boxesPerColor: intOf(options.boxesPerColor, 2),
          layers: intOf(options.layers, 4),
          width: intOf(options.width, 8),
          height: intOf(options.height, 10),
          traySlack: intOf(options.traySlack, 2),
        },
        rng,
        budget,
      );
      // The generator never proves anything impossible: not solved is gave up (without the partial).
      if (!isSolved(r)) return gaveUpResult(r.outcome as GaveUpOutcome, r.work);
      const { level } = r.value;
      return solvedResult({ level, answer: level.solution! }, r.work);
    },
  },
  solve: {
    options: SOLVE_OPTIONS,
    unit: SOLVE_UNIT,
    budget: { maxWork: SOLVE_MAX_WORK },
    run(level, budget, options) {
      const boxes =
        typeof options.boxes === 'string'
          ? options.boxes
              .split(',')
              .map((c) => c.trim())
              .filter((c) => c.length > 0)
          : undefined;
      const slots = intOf(options.boxSlots, 2) === 1 ? 1 : 2;
      return solveLevel(level, budget, { ...(boxes ? { boxes } : {}), boxSlots: slots });
    },
  },
  verify: verifySolution,
  rate: { unit: 'colours', budget: {}, run: rateLevel },
});
