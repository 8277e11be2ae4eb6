/*
 * The H5 engine's own replay file (`.h5route`), so that a player replays a plan in the game. Facts from
 * the engine's `libs/utils.js` (`encodeRoute`/`decodeRoute`) and `libs/actions.js`
 * (`_clickReplay_download`): the file is the JSON `{name, hard, seed, route}` (`version` too where the
 * game over screen writes it; some releases compress the whole JSON with LZString's
 * `compressToBase64`, and the engine's reader accepts both); `name` is `firstData.name` (the engine
 * refuses a replay of another game), `hard` the difficulty's name, `seed` the random seed, and `route`
 * the actions, each move a letter `U`/`D`/`L`/`R` followed by its repeat count when above 1, the whole
 * compressed by `LZString.compressToBase64`.
 */
import LZString from 'lz-string';
import { InvalidInputError, ParseError, quoteInput } from '@puzzlekit/errors';
import type { Project } from '../model.js';

/** A replay file as the H5 engine writes and reads it. */
export interface H5Route {
  /** `firstData.name` of the game: the engine refuses a replay whose name differs. */
  readonly name: string;
  /** `firstData.version`, as the game-over download writes it. */
  readonly version?: string;
  /** The difficulty's name (`main.levelChoose`), `''` where the game has none. */
  readonly hard: string;
  /** The seed of the game's random numbers (`flag:__seed__`). */
  readonly seed: number;
  /** The encoded actions (`encodeRoute`): LZString `compressToBase64` of the compact form. */
  readonly route: string;
}

/** Options of {@link h5Route}. */
export interface H5RouteOptions {
  /** The difficulty's name (default: the first of `main.levelChoose`, else `''`). */
  readonly hard?: string;
  /** The seed (default 1: a route of moves draws no random numbers). */
  readonly seed?: number;
}

const LETTERS: Readonly<Record<string, string>> = { U: 'U', R: 'R', D: 'D', L: 'L' };

/**
 * The engine's `encodeRoute` for a route of moves (`U`/`R`/`D`/`L`, as every plan of this package
 * writes them): runs of one move become the letter and, above 1, the count; then LZString
 * `compressToBase64`.
 *
 * @throws InvalidInputError when the route holds anything but moves.
 */
export function encodeMoves(moves: string): string {
  let out = '';
  for (let i = 0; i < moves.length;) {
    const c = moves[i] ?? '';
    if (LETTERS[c] === undefined)
      throw new InvalidInputError(`move ${i + 1} is ${quoteInput(c)}, not U, R, D or L`, {
        path: 'route',
      });
    let run = 1;
    while (moves[i + run] === c) run++;
    out += run > 1 ? `${c}${run}` : c;
    i += run;
  }
  return LZString.compressToBase64(out);
}

/**
 * The moves of an encoded route, as the engine's `decodeRoute` reads it: LZString
 * `decompressFromBase64` when that gives text of the route's alphabet (else the text as it is), then
 * letters with optional counts. Only moves are read: any other action (items, shops, choices, fly…)
 * is a ParseError naming it, since the plans of this package never write one.
 */
export function decodeMoves(route: string): string {
  let text = route;
  const unpacked = LZString.decompressFromBase64(route) as string | null;
  if (
    unpacked !== null &&
    /^[-_a-zA-Z0-9+/=:()]*$/.test(unpacked) &&
    (unpacked !== '' || route.length < 8)
  )
    text = unpacked;
  let moves = '';
  for (let i = 0; i < text.length;) {
    const c = text[i] ?? '';
    if (LETTERS[c] === undefined)
      throw new ParseError(`action ${quoteInput(c)} is not a move (only U, D, L, R are read)`, {
        line: 1,
        column: i + 1,
        source: 'route',
      });
    let j = i + 1;
    while (j < text.length && /[0-9]/.test(text[j] ?? '')) j++;
    const count = j > i + 1 ? Number(text.slice(i + 1, j)) : 1;
    if (!Number.isSafeInteger(count) || moves.length + count > 10_000_000)
      throw new ParseError(`the run of ${c} is too long`, {
        line: 1,
        column: i + 1,
        source: 'route',
      });
    moves += c.repeat(count);
    i = j;
  }
  return moves;
}

/**
 * The replay file of a route of moves that starts at the game's start (`firstData.name`, version,
 * difficulty, seed and the encoded route). The engine replays it from the start of a new game.
 */
export function h5Route(project: Project, moves: string, options: H5RouteOptions = {}): H5Route {
  return {
    name: project.name,
    ...(project.version !== '' ? { version: project.version } : {}),
    hard: options.hard ?? project.difficulties[0] ?? '',
    seed: options.seed ?? 1,
    route: encodeMoves(moves),
  };
}

/** A replay file as text: the plain JSON the engine's replay download writes. */
export function printH5Route(file: H5Route): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * Reads a replay file as the engine does (`readFileContent`): the JSON, or the JSON compressed by
 * LZString `compressToBase64`; checks its fields (`name`, `hard`, `route` strings, `version` a string
 * where present, `seed` a whole number; other fields are kept by the engine and ignored here). The
 * route is left encoded: {@link decodeMoves} reads its moves.
 *
 * @throws ParseError when the text is neither; InvalidInputError naming the field's JSON path.
 */
export function parseH5Route(text: string, source = 'replay'): H5Route {
  let value: unknown;
  const unpacked = LZString.decompressFromBase64(text.trim()) as string | null;
  for (const candidate of [unpacked, text]) {
    if (candidate === null || candidate === '') continue;
    try {
      value = JSON.parse(candidate);
      break;
    } catch {
      // try the next form
    }
  }
  if (value === undefined)
    throw new ParseError('neither JSON nor LZString-compressed JSON', {
      line: 1,
      column: 1,
      source,
    });
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidInputError(`a replay file is a JSON object (${source})`, { path: '$' });
  const file = value as Record<string, unknown>;
  const string = (key: string, optional = false): string | undefined => {
    const v = file[key];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'string')
      throw new InvalidInputError(`must be a string (${source})`, { path: `$.${key}` });
    return v;
  };
  const seed = file.seed;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed))
    throw new InvalidInputError(`must be a whole number (${source})`, { path: '$.seed' });
  const route = string('route') ?? '';
  const version = string('version', true);
  return {
    name: string('name') ?? '',
    ...(version !== undefined ? { version } : {}),
    hard: string('hard') ?? '',
    seed,
    route,
  };
}
