import { ParseError, parseJson, positionAt } from '@puzzlekit/errors';

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
  // Blank out the prefix and the closing `;` (keeping line breaks) so that parseJson's line and column
  // are those of the file; parseJson refuses nesting deeper than 256 levels before parsing.
  const blank = (part: string): string => part.replace(/[^\n\r]/g, ' ');
  const body = blank(match[0]) + text.slice(match[0].length, end) + blank(text.slice(end));
  return parseJson(body, source);
}
