import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  defineGame,
  gaveUpResult,
  impossibleResult,
  solvedResult,
  type Budget,
  type JobResult,
  type NamedLevel,
} from '@puzzlekit/job';
import type { Rng } from '@puzzlekit/rng';

/*
 * A game small enough to check by hand, for the tests of the CLI's common verbs only: walk a number
 * line from `start` to `goal` in steps of 1 or 2 without landing on a hole. Two holes side by side
 * make it impossible; a small work budget makes the solver give up. Its file format is one level a
 * line, `start goal holes answer` (lists comma-separated, `-` for none), with `# title` lines.
 */

export interface StepsLevel {
  readonly start: number;
  readonly goal: number;
  readonly holes: readonly number[];
}
type Steps = readonly number[];

function list(values: readonly number[]): string {
  return values.length === 0 ? '-' : values.join(',');
}

function readList(field: string, line: number, column: number): number[] {
  if (field === '-') return [];
  return field.split(',').map((part) => {
    if (!/^\d+$/.test(part)) throw new ParseError(`not a number list: ${field}`, { line, column });
    return Number(part);
  });
}

function parse(text: string): NamedLevel<StepsLevel, Steps>[] {
  const levels: NamedLevel<StepsLevel, Steps>[] = [];
  let title: string | undefined;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith('#')) {
      title = line.slice(1).trim();
      return;
    }
    const fields = line.split(/\s+/);
    if (fields.length < 3 || fields.length > 4)
      throw new ParseError('expected start, goal, holes and an optional answer', {
        line: i + 1,
        column: 1,
      });
    const [start, goal] = [fields[0]!, fields[1]!].map((f) => {
      if (!/^\d+$/.test(f)) throw new ParseError(`not a number: ${f}`, { line: i + 1, column: 1 });
      return Number(f);
    });
    const level = { start: start!, goal: goal!, holes: readList(fields[2]!, i + 1, 1) };
    const answer = fields[3] === undefined ? undefined : readList(fields[3], i + 1, 1);
    levels.push({
      level,
      ...(title === undefined ? {} : { title }),
      ...(answer === undefined ? {} : { answer }),
    });
    title = undefined;
  });
  return levels;
}

function print(levels: readonly NamedLevel<StepsLevel, Steps>[]): string {
  return levels
    .map(({ level, title, answer }) => {
      const head = title === undefined ? '' : `# ${title}\n`;
      const tail = answer === undefined ? '' : ` ${list(answer)}`;
      return `${head}${level.start} ${level.goal} ${list(level.holes)}${tail}\n`;
    })
    .join('');
}

/** Fewest steps from start to goal, by dynamic programming; one unit of work per position. */
function solveSteps(level: StepsLevel, budget: Budget): JobResult<Steps> {
  const meter = new BudgetMeter(budget, { unit: 'positions', clockEvery: 1 });
  const holes = new Set(level.holes);
  const from = new Map<number, number>([[level.start, 0]]);
  for (let at = level.start; at < level.goal; at++) {
    const bound = meter.spend();
    if (bound !== null) return gaveUpResult(meter.gaveUp(bound), meter.work);
    if (!from.has(at)) continue;
    for (const step of [1, 2])
      if (!holes.has(at + step) && !from.has(at + step)) from.set(at + step, step);
  }
  if (!from.has(level.goal)) return impossibleResult(meter.work);
  const steps: number[] = [];
  for (let at = level.goal; at !== level.start; at -= from.get(at)!) steps.unshift(from.get(at)!);
  return solvedResult(steps, meter.work);
}

function asInt(json: unknown, path: string): number {
  if (!Number.isSafeInteger(json) || (json as number) < 0)
    throw new InvalidInputError('expected a whole number ≥ 0', { path });
  return json as number;
}

function intList(json: unknown, path: string): number[] {
  if (!Array.isArray(json)) throw new InvalidInputError('expected a list', { path });
  return json.map((v, i) => asInt(v, `${path}[${i}]`));
}

export const game = defineGame<StepsLevel, Steps>({
  id: 'steps',
  title: 'Steps',
  packageName: '@puzzlekit/cli (test)',
  format: { extension: 'steps', parse, print },
  levelToJson: (level) => ({ start: level.start, goal: level.goal, holes: [...level.holes] }),
  levelFromJson(json, path = '$') {
    if (typeof json !== 'object' || json === null)
      throw new InvalidInputError('expected a level', { path });
    const o = json as Record<string, unknown>;
    return {
      start: asInt(o.start, `${path}.start`),
      goal: asInt(o.goal, `${path}.goal`),
      holes: intList(o.holes, `${path}.holes`),
    };
  },
  answerToJson: (steps) => [...steps],
  answerFromJson: (json, path = '$') => intList(json, path),
  render: (level) => {
    const cells: string[] = [];
    for (let at = level.start; at <= level.goal; at++)
      cells.push(
        at === level.start ? 'S' : at === level.goal ? 'G' : level.holes.includes(at) ? 'o' : '.',
      );
    return cells.join('');
  },
  generate: {
    unit: 'attempts',
    budget: { maxWork: 50 },
    options: [
      {
        name: 'length',
        kind: 'integer',
        description: 'distance from start to goal',
        min: 2,
        max: 40,
        default: 8,
      },
      { name: 'holes', kind: 'integer', description: 'holes to dig', min: 0, max: 10, default: 2 },
      {
        name: 'style',
        kind: 'choice',
        description: 'where holes go',
        choices: ['spread', 'random'],
        default: 'random',
      },
      {
        name: 'keepStart',
        kind: 'boolean',
        description: 'never dig next to the start',
        default: true,
      },
    ],
    run(options, rng: Rng, budget) {
      const meter = new BudgetMeter(budget, { unit: 'attempts', clockEvery: 1 });
      const length = options.length as number;
      if ((options.holes as number) > length)
        throw new InvalidInputError(`${options.holes} holes do not fit on a walk of ${length}`, {
          path: '$.holes',
          code: 'INVALID_OPTION',
        });
      for (;;) {
        const bound = meter.spend();
        if (bound !== null) return gaveUpResult(meter.gaveUp(bound), meter.work);
        const holes = new Set<number>();
        const first = options.keepStart === true ? 2 : 1;
        for (let h = 0; h < (options.holes as number) && first < length; h++)
          holes.add(
            options.style === 'spread'
              ? Math.min(length - 1, first + 2 * h)
              : rng.int(first, length - 1),
          );
        const level = { start: 0, goal: length, holes: [...holes].sort((a, b) => a - b) };
        const solved = solveSteps(level, {});
        if ('value' in solved) return solvedResult({ level, answer: solved.value }, meter.work);
      }
    },
  },
  solve: {
    unit: 'positions',
    budget: { maxWork: 1000 },
    options: [],
    run: (level, budget) => solveSteps(level, budget),
  },
  verify(level, answer) {
    let at = level.start;
    for (const [i, step] of answer.entries()) {
      if (step !== 1 && step !== 2)
        return { ok: false, reason: `step ${i + 1} is ${step}: steps are 1 or 2` };
      at += step;
      if (level.holes.includes(at))
        return { ok: false, reason: `step ${i + 1} lands in the hole at ${at}` };
    }
    return at === level.goal
      ? { ok: true }
      : { ok: false, reason: `the walk ends at ${at}, not at the goal ${level.goal}` };
  },
  rate: {
    unit: 'positions',
    budget: { maxWork: 1000 },
    run(level, budget) {
      const solved = solveSteps(level, budget);
      if (!('value' in solved)) return solved;
      const ones = solved.value.filter((s) => s === 1).length;
      return solvedResult({ score: ones, grade: ones > 2 ? 'slow' : 'quick' }, solved.work);
    },
  },
});
