import { InvalidInputError, ParseError, parseJson, quoteInput } from '@puzzlekit/errors';
import type { AnyGame, NamedLevel } from '@puzzlekit/job';
import { UsageError, type Context } from '../context.js';

/** One level of a file, with its 1-based place in the file. */
export interface FileLevel extends NamedLevel<unknown> {
  readonly index: number;
}

/** A collection file as read: where it came from, how many levels it holds, and the ones picked. */
export interface PickedLevels {
  readonly path: string;
  readonly total: number;
  readonly levels: readonly FileLevel[];
}

/** The error of a bad file, naming the file: a parse error keeps its line and column. */
function inFile(path: string, error: unknown): unknown {
  if (error instanceof ParseError && (error.source === undefined || error.source === 'input'))
    return new ParseError(error.reason, {
      line: error.line,
      column: error.column,
      source: path,
      code: error.code,
      cause: error,
    });
  if (error instanceof InvalidInputError)
    return new InvalidInputError(`${path}: ${error.message}`, { code: error.code, cause: error });
  return error;
}

/**
 * Reads a pack's `levels.jsonl` (one record a line, each with `level` and, where it has one,
 * `answer`), so every game's common verbs read what `pack generate` wrote.
 */
function parseRecords(game: AnyGame, text: string, path: string): NamedLevel<unknown>[] {
  const levels: NamedLevel<unknown>[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const record = parseJson(line, `${path} line ${i + 1}`);
    if (typeof record !== 'object' || record === null || !('level' in record))
      throw new InvalidInputError(`line ${i + 1} is not a level record (no "level")`, {
        path: '$',
      });
    const at = `$[line ${i + 1}]`;
    const { level, answer } = record as { level: unknown; answer?: unknown };
    levels.push({
      level: game.levelFromJson(level, `${at}.level`),
      ...(answer === undefined || answer === null
        ? {}
        : { answer: game.answerFromJson(answer, `${at}.answer`) }),
    });
  }
  return levels;
}

/**
 * Reads every level of a file of one game: its collection format (XSB for Sokoban, the game's JSON
 * collection for the others); a pack's `levels.jsonl`; or, for a game without a collection format, a
 * JSON level or a JSON list of levels.
 *
 * @throws ParseError or InvalidInputError naming the file (exit code 1) for a bad file.
 */
export async function readLevels(
  ctx: Context,
  game: AnyGame,
  path: string,
): Promise<readonly NamedLevel<unknown>[]> {
  const text = await ctx.readText(path);
  try {
    if (path.endsWith('.jsonl')) return parseRecords(game, text, path);
    if (game.format !== undefined) return game.format.parse(text);
    const json = parseJson(text, path);
    return Array.isArray(json)
      ? json.map((item, i) => ({ level: game.levelFromJson(item, `$[${i}]`) }))
      : [{ level: game.levelFromJson(json) }];
  } catch (error) {
    throw inFile(path, error);
  }
}

/**
 * The levels a command works on: every level of the file, or the one `--level` picks (1-based; a
 * level the file does not have is a usage mistake).
 */
export async function pickLevels(
  ctx: Context,
  game: AnyGame,
  path: string,
  level: number | undefined,
): Promise<PickedLevels> {
  const all = await readLevels(ctx, game, path);
  if (all.length === 0)
    throw new InvalidInputError(`${path} holds no ${game.title} level`, { code: 'NO_LEVELS' });
  const numbered = all.map((named, i) => ({ ...named, index: i + 1 }));
  if (level === undefined) return { path, total: all.length, levels: numbered };
  const picked = numbered[level - 1];
  if (picked === undefined)
    throw new UsageError(
      `${quoteInput(path)} holds ${all.length} level(s); --level ${level} does not exist`,
    );
  return { path, total: all.length, levels: [picked] };
}

/** How a level is named in a line of output: `level 3 of 10 'Title'`. */
export function levelName(level: FileLevel, total: number): string {
  const title =
    level.title === undefined || level.title === '' ? '' : ` ${quoteInput(level.title)}`;
  return `level ${level.index} of ${total}${title}`;
}
