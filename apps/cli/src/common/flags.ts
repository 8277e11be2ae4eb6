import { Option, type Command } from 'commander';
import { InvalidInputError } from '@puzzlekit/errors';
import { flagName, readOptions, type OptionSpec, type OptionValues } from '@puzzlekit/job';
import { intOption, UsageError } from '../context.js';

/**
 * Flags every common verb owns; a game option with one of these names (or short letters) would shadow
 * them, so it is refused when the command is built rather than silently lost.
 */
const COMMON_FLAGS = new Set([
  'count',
  'seed',
  'out',
  'format',
  'json',
  'debug',
  'level',
  'answer',
  'max-work',
  'max-ms',
  'help',
  'version',
]);
const COMMON_SHORTS = new Set(['h', 'V']);

/** The help text of one option: its description, then its range, choices and default. */
function optionHelp(spec: OptionSpec): string {
  const notes: string[] = [];
  if (spec.kind === 'choice' && spec.choices) notes.push(spec.choices.join(' | '));
  if (spec.min !== undefined && spec.max !== undefined) notes.push(`${spec.min}..${spec.max}`);
  else if (spec.min !== undefined) notes.push(`at least ${spec.min}`);
  else if (spec.max !== undefined) notes.push(`at most ${spec.max}`);
  if (spec.default !== undefined && spec.kind !== 'boolean') notes.push(`default ${spec.default}`);
  return notes.length === 0 ? spec.description : `${spec.description} (${notes.join('; ')})`;
}

/**
 * Adds one `--kebab-case` flag per option of a job. Values are kept as the text typed; {@link
 * readSpecFlags} reads them with the package's own `readOptions`, so the CLI restates no range or
 * default. A boolean option that defaults to true becomes `--no-<name>`.
 */
export function addSpecFlags(command: Command, specs: readonly OptionSpec[]): void {
  for (const spec of specs) {
    const flag = flagName(spec.name);
    if (COMMON_FLAGS.has(flag))
      throw new Error(`option ${spec.name} clashes with the common flag --${flag}`);
    const short =
      spec.short !== undefined && spec.short.length === 1 && !COMMON_SHORTS.has(spec.short)
        ? `-${spec.short}, `
        : '';
    const flags =
      spec.kind === 'boolean'
        ? spec.default === true
          ? `--no-${flag}`
          : `${short}--${flag}`
        : `${short}--${flag} <${spec.kind === 'choice' ? 'choice' : spec.kind === 'string' ? 'text' : 'n'}>`;
    command.addOption(new Option(flags, optionHelp(spec)));
  }
}

/**
 * Reads a job's flags from commander's parsed options through `readOptions`. A bad value is a usage
 * mistake (exit 2) naming the flag, not the JSON path.
 */
export function readSpecFlags(
  specs: readonly OptionSpec[],
  parsed: Readonly<Record<string, unknown>>,
): OptionValues {
  const raw: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = parsed[spec.name];
    if (value !== undefined) raw[spec.name] = value;
  }
  try {
    return readOptions(specs, raw);
  } catch (error) {
    if (error instanceof InvalidInputError) {
      const name = error.path?.replace(/^\$\./, '') ?? '';
      throw new UsageError(`--${flagName(name)}: ${error.reason}`);
    }
    throw error;
  }
}

/** `--out FILE`: the output goes to FILE instead of stdout. An empty name is a usage mistake. */
export function outFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError('--out needs a file name, got an empty one');
  return value;
}

/** `--level N`: one level of a collection, 1-based; absent means every level. */
export function levelFlag(value: string | undefined): number | undefined {
  return value === undefined ? undefined : intOption('--level', value, 1);
}

/** The budget flags as typed: `--max-work` in the job's unit, `--max-ms` for the whole command. */
export interface BudgetFlags {
  readonly maxWork?: number;
  readonly maxMs?: number;
}

/**
 * Reads `--max-work` and `--max-ms`: whole numbers ≥ 0 (0 allows no work, as in every package), or
 * `Infinity` to lift the bound.
 */
export function budgetFlags(o: { maxWork?: string; maxMs?: string }): BudgetFlags {
  const read = (flag: string, value: string | undefined): number | undefined => {
    if (value === undefined) return undefined;
    if (value.trim() === 'Infinity') return Infinity;
    return intOption(flag, value, 0);
  };
  const maxWork = read('--max-work', o.maxWork);
  const maxMs = read('--max-ms', o.maxMs);
  return {
    ...(maxWork === undefined ? {} : { maxWork }),
    ...(maxMs === undefined ? {} : { maxMs }),
  };
}

/** Adds `--max-work` and `--max-ms`, naming the job's unit and its default budget. */
export function addBudgetFlags(command: Command, unit: string, defaultWork: number | undefined) {
  const work =
    defaultWork === undefined || defaultWork === Infinity
      ? 'no limit'
      : `${defaultWork.toLocaleString('en-US')}`;
  command
    .option('--max-work <n>', `work budget of each level, in ${unit} (default ${work})`)
    .option(
      '--max-ms <ms>',
      'stop the whole command after this many milliseconds (levels not finished by then give up)',
    );
}
