import { ParseError, positionAt } from '@puzzlekit/errors';

/**
 * The assignment prefixes H5 project files start with: `var maps_<guid> =`, `main.floors.MT1=`.
 * Everything after the `=` must be one JSON value (an optional `;` may end it).
 */
const PREFIX =
  /^\uFEFF?\s*(?:(?:var|let|const)\s+[A-Za-z_$][\w$]*|main\.floors\.[A-Za-z_$][\w$]*)\s*=/;

/**
 * Reads one H5 project file (`data.js`, `maps.js`, `enemys.js`, `items.js`, `floors/*.js`): strips the
 * `var x =` / `main.floors.X=` prefix and parses the rest as JSON. Never evaluates the file.
 *
 * @param text - The file's text.
 * @param source - The file name, used in error messages.
 * @returns The parsed JSON value.
 * @throws ParseError naming the file, with the line and column of the problem.
 */
export function parseAssignment(text: string, source: string): unknown {
  const match = PREFIX.exec(text);
  if (match === null) {
    const firstCode = /\S/.exec(text);
    const pos = positionAt(text, firstCode?.index ?? 0);
    throw new ParseError(
      'expected the file to start with `var <name> =` or `main.floors.<id>=` followed by JSON',
      { ...pos, source },
    );
  }
  let end = text.length;
  while (end > match[0].length && /\s/.test(text[end - 1] ?? '')) end--;
  if (text[end - 1] === ';') end--;
  const body = text.slice(match[0].length, end);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    const problem = locateJsonError(body);
    const pos = positionAt(text, match[0].length + problem.offset);
    throw new ParseError(`invalid JSON: ${problem.reason}`, { ...pos, source });
  }
}

/** Where and why a JSON text is malformed (a small scanner used only after JSON.parse failed). */
export function locateJsonError(text: string): { offset: number; reason: string } {
  let i = 0;
  const n = text.length;
  class Stop extends Error {
    constructor(
      readonly offset: number,
      readonly reason: string,
    ) {
      super(reason);
    }
  }
  const fail = (reason: string, at = i): never => {
    throw new Stop(at, reason);
  };
  const ws = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r'))
      i++;
  };
  const describe = (): string =>
    i >= n ? 'end of input' : `'${text[i] === '\n' ? '\\n' : (text[i] ?? '')}'`;
  const str = (): void => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 32) fail('control character inside a string');
      if (c === 92) {
        const e = text[i + 1] ?? '';
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape');
          i += 6;
        } else if ('"\\/bfnrt'.includes(e) && e !== '') i += 2;
        else fail(`bad escape '\\${e}'`);
      } else i++;
    }
    fail('unterminated string');
  };
  const num = (): void => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m === null || m[0] === '' || m[0] === '-') fail(`unexpected ${describe()}`);
    else i += m[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 4000) fail('nested too deeply');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`expected a property name in double quotes, found ${describe()}`);
        str();
        ws();
        if (text[i] !== ':') fail(`expected ':' after a property name, found ${describe()}`);
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail(`expected ',' or '}' in an object, found ${describe()}`);
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail(`expected ',' or ']' in an array, found ${describe()}`);
      }
    } else if (c === '"') str();
    else if (c === 't' || c === 'f' || c === 'n') {
      const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
      if (text.startsWith(word, i)) i += word.length;
      else fail(`unexpected ${describe()}`);
    } else num();
  };
  try {
    value(0);
    ws();
    if (i < n) fail(`unexpected ${describe()} after the JSON value`);
    return { offset: n, reason: 'not valid JSON' };
  } catch (error) {
    if (error instanceof Stop) return { offset: error.offset, reason: error.reason };
    throw error;
  }
}
