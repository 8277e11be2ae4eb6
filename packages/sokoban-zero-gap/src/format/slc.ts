import { ParseError, quoteInput, stripBom } from '@puzzlekit/errors';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MAX_BOARD_SIDE, type Collection, type Level } from '../model.js';
import { parseLevel, printBoard } from './xsb.js';

/** Largest SLC text read: a thousand boards of the largest size would be far past it anyway. */
export const MAX_SLC_CHARS = 64 * 1024 * 1024;

/** True when a text is an SLC (XML) file rather than XSB/SOK text: it starts with `<`. */
export function looksLikeSlc(text: string): boolean {
  return /^\s*</.test(stripBom(text));
}

type XmlNode = Record<string, unknown>;

const ARRAYS = new Set(['LevelCollection', 'Level', 'L', 'Solution']);

/** Text content of an element read by the parser (a string, a number, or `#text` beside attributes). */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean')
    return String(node);
  if (typeof node === 'object' && '#text' in node) return textOf((node as XmlNode)['#text']);
  return '';
}

function attrOf(node: unknown, name: string): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const v = (node as XmlNode)[`@${name}`];
  return typeof v === 'string' ? v : undefined;
}

function fail(message: string, source: string | undefined, line = 1, column = 1): never {
  throw new ParseError(message, { line, column, source });
}

/**
 * Level sites and YASC write `<!DOCTYPE SokobanLevels SYSTEM "SokobanLev.dtd">` at the top of their
 * SLC files: a reference to an external DTD that no reader fetches. That one form is blanked out
 * (spaces, so line and column numbers stay true); a DOCTYPE with an internal subset (`[ … ]`) or
 * any entity declaration is refused, so no entity is ever expanded.
 */
function blankExternalDoctype(xml: string, source: string | undefined): string {
  const refuse = (index: number): never => {
    const before = xml.slice(0, index).split('\n');
    return fail(
      'an SLC file may not hold entity declarations or a DOCTYPE with an internal subset',
      source,
      before.length,
      before[before.length - 1]!.length + 1,
    );
  };
  const entity = /<!ENTITY/i.exec(xml);
  if (entity) refuse(entity.index);
  const doctype = /<!DOCTYPE/i.exec(xml);
  if (!doctype) return xml;
  const external =
    /^<!DOCTYPE\s+[A-Za-z_][\w.-]*(?:\s+(?:SYSTEM\s+"[^"<>[\]]*"|PUBLIC\s+"[^"<>[\]]*"\s+"[^"<>[\]]*"))?\s*>/i.exec(
      xml.slice(doctype.index),
    );
  if (!external || /<!DOCTYPE/i.test(xml.slice(doctype.index + external[0].length))) {
    refuse(doctype.index);
  }
  const end = doctype.index + external![0].length;
  return (
    xml.slice(0, doctype.index) +
    xml.slice(doctype.index, end).replace(/[^\n]/g, ' ') +
    xml.slice(end)
  );
}

/**
 * Reads an SLC file (the XML collection format of Sokoban YASC, JSoko and most level sites):
 * `<SokobanLevels>` with `<Title>`, `<Description>`, `<Email>`, `<Url>` and one or more
 * `<LevelCollection Copyright>` holding `<Level Id Width Height Copyright>` elements of `<L>` rows,
 * and `<Solution>` elements where a tool wrote them. Each level's `Id` becomes its title, its
 * `Copyright` its author, and its first solution its `Solution` property; the collection's
 * `Title`, `Copyright` (author), `Email` and `Url` (properties) and `Description` (comments) go to
 * the collection. The XML is read by fast-xml-parser; an external DOCTYPE (as level sites write) is ignored,
 * entity declarations and internal DTD subsets are refused (no entity expansion).
 *
 * @throws ParseError (line and column) for text that is not well-formed XML, not an SLC file, or
 *   holds a board that is not a level.
 */
export function parseSlc(text: string, options: { readonly source?: string } = {}): Collection {
  const { source } = options;
  const content = stripBom(text);
  if (content.length > MAX_SLC_CHARS) {
    fail(
      `an SLC file of ${content.length.toLocaleString('en-US')} characters; the limit is ${MAX_SLC_CHARS.toLocaleString('en-US')}`,
      source,
    );
  }
  const xml = blankExternalDoctype(content, source);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    fail(
      `not well-formed XML: ${quoteInput(valid.err.msg, 120)}`,
      source,
      valid.err.line,
      valid.err.col,
    );
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    // rows keep their leading spaces (a board's outside), so text is not trimmed here
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => ARRAYS.has(name),
  });
  const doc = parser.parse(xml) as XmlNode;
  const root = doc.SokobanLevels as XmlNode | undefined;
  if (root === undefined || typeof root !== 'object')
    fail('not an SLC file: no <SokobanLevels> element', source);
  const title = textOf(root.Title).trim();
  const comments = textOf(root.Description)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l, i, all) => l !== '' || (i > 0 && i < all.length - 1));
  const properties: [string, string][] = [];
  for (const key of ['Email', 'Url'] as const) {
    const v = textOf(root[key]).trim();
    if (v !== '') properties.push([key, v]);
  }
  const collections = (root.LevelCollection as unknown[] | undefined) ?? [];
  if (collections.length === 0) fail('not an SLC file: no <LevelCollection> element', source);
  const author = attrOf(collections[0], 'Copyright');
  const levels: Level[] = [];
  for (const collection of collections) {
    for (const node of ((collection as XmlNode).Level as unknown[] | undefined) ?? []) {
      levels.push(readLevel(node, levels.length + 1, source));
    }
  }
  return {
    ...(title !== '' ? { title } : {}),
    ...(author !== undefined && author !== '' ? { author } : {}),
    comments: trimBlankEnds(comments),
    properties,
    levels,
  };
}

function trimBlankEnds(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a] === '') a++;
  while (b > a && lines[b - 1] === '') b--;
  return lines.slice(a, b);
}

function readLevel(node: unknown, index: number, source: string | undefined): Level {
  const id = attrOf(node, 'Id');
  const name = id === undefined ? `level ${index}` : `level ${quoteInput(id)}`;
  const rows = (((node as XmlNode | null)?.L as unknown[] | undefined) ?? []).map(textOf);
  if (rows.length === 0) fail(`${name} has no <L> rows`, source);
  if (rows.length > MAX_BOARD_SIDE) fail(`${name} has more than ${MAX_BOARD_SIDE} rows`, source);
  let level: Level;
  try {
    // an empty row inside a board is written `|` at the end of the row before it (see printBoard)
    level = parseLevel(
      rows
        .map((r, i) => (rows[i + 1] === '' ? `${r}|` : r))
        .filter((r) => r !== '')
        .join('\n'),
    );
  } catch (error) {
    if (error instanceof ParseError)
      fail(`${name}, row ${error.line ?? 1}: ${error.reason}`, source);
    throw error;
  }
  const solutions = (((node as XmlNode).Solution as unknown[] | undefined) ?? [])
    .map((s) => textOf(s).replace(/\s+/g, ''))
    .filter((s) => s !== '');
  const copyright = attrOf(node, 'Copyright');
  return {
    ...level,
    ...(id !== undefined ? { title: id } : {}),
    ...(copyright !== undefined && copyright !== '' ? { author: copyright } : {}),
    ...(solutions.length > 0
      ? { properties: solutions.map((s): [string, string] => ['Solution', s]) }
      : {}),
  };
}

function escapeXml(text: string, attribute = false): string {
  const out = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return attribute ? out.replace(/"/g, '&quot;') : out;
}

/** The rows of a level's board as SLC writes them: floor as spaces, empty rows kept. */
function boardRows(level: Level): string[] {
  const rows: string[] = [];
  for (const line of printBoard(level, { floor: ' ' }).split('\n')) {
    if (line.endsWith('|')) rows.push(line.slice(0, -1), '');
    else rows.push(line);
  }
  return rows;
}

/**
 * Writes a collection as an SLC file that {@link parseSlc} (and YASC, JSoko) read: the collection's
 * title, comments (as `<Description>`), `Email`/`Url` properties and author (as the collection's
 * `Copyright`); each level with `Id` (its title, else its number), `Width`, `Height`, its author as
 * `Copyright`, its `<L>` rows and its `Solution` properties as `<Solution>` elements.
 */
export function printSlc(collection: Collection): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<SokobanLevels xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="SokobanLev.xsd">',
  ];
  out.push(`  <Title>${escapeXml(collection.title ?? '')}</Title>`);
  out.push('  <Description>');
  for (const c of collection.comments) out.push(escapeXml(c));
  out.push('  </Description>');
  for (const key of ['Email', 'Url']) {
    const v = collection.properties.find(([k]) => k === key)?.[1];
    if (v !== undefined) out.push(`  <${key}>${escapeXml(v)}</${key}>`);
  }
  const boards = collection.levels.map(boardRows);
  const maxWidth = Math.max(0, ...collection.levels.map((l) => l.width));
  const maxHeight = Math.max(0, ...boards.map((b) => b.length));
  out.push(
    `  <LevelCollection Copyright="${escapeXml(collection.author ?? '', true)}" MaxWidth="${maxWidth}" MaxHeight="${maxHeight}">`,
  );
  collection.levels.forEach((level, i) => {
    const rows = boards[i]!;
    const id = level.title ?? String(i + 1);
    const copyright =
      level.author === undefined ? '' : ` Copyright="${escapeXml(level.author, true)}"`;
    out.push(
      `    <Level Id="${escapeXml(id, true)}" Width="${level.width}" Height="${rows.length}"${copyright}>`,
    );
    for (const row of rows) out.push(`      <L>${escapeXml(row)}</L>`);
    for (const [key, value] of level.properties ?? []) {
      if (key.toLowerCase() === 'solution')
        out.push(`      <Solution>${escapeXml(value)}</Solution>`);
    }
    out.push('    </Level>');
  });
  out.push('  </LevelCollection>', '</SokobanLevels>', '');
  return out.join('\n');
}
