// Files saved by other Sokoban tools, unchanged (fixtures/README.md names their sources and licences):
// an SLC collection as the level sites distribute it (with its external DOCTYPE line) and three SOK
// collections bundled with JSoko in the Let's Logic / YASC layout (`-` and `_` as floor, `ID:`,
// `Title:` and `Author:` after each board, a header with a long `Description:`).
import { readFileSync } from 'node:fs';
import { ParseError } from '@puzzlekit/errors';
import { describe, expect, it } from 'vitest';
import { BOX, GOAL, type Level } from '../model.js';
import { collectionFormatOf, printSok, readCollection } from './detect.js';
import { parseSlc, printSlc } from './slc.js';
import { parseXsb } from './xsb.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../fixtures/sokoban/${name}`, import.meta.url), 'utf8');

/** A board as text rows, the independent view a file must keep through a round trip. */
function rowsOf(level: Level): string {
  const rows: string[] = [];
  for (let y = 0; y < level.height; y++) {
    let row = '';
    for (let x = 0; x < level.width; x++) {
      const i = y * level.width + x;
      row += i === level.player ? '@' : String(level.cells[i]);
    }
    rows.push(row);
  }
  return rows.join('\n');
}

/**
 * What a player plays: the player's, the boxes' and the goals' coordinates. Two editions of the same
 * level may draw the walls outside the floor differently (Original & Extra and XSokoban do on 13 and 33).
 */
function pieces(level: Level): string {
  const at = (i: number) => `${i % level.width},${Math.floor(i / level.width)}`;
  const of = (flag: number) =>
    [...level.cells.keys()].filter((i) => level.cells[i]! & flag).map(at);
  return `player ${at(level.player)} boxes ${of(BOX).join(' ')} goals ${of(GOAL).join(' ')}`;
}

function count(level: Level, flag: number): number {
  let n = 0;
  for (const c of level.cells) if (c & flag) n++;
  return n;
}

describe('an SLC file as level sites distribute it', () => {
  const text = fixture('original_extra.slc');

  it('reads the Original & Extra collection, DOCTYPE line and all, as the XSokoban boards', () => {
    expect(text).toMatch(/^<\?xml[^\n]*\n<!DOCTYPE SokobanLevels SYSTEM "SokobanLev\.dtd">/);
    expect(collectionFormatOf(text)).toBe('slc');
    const slc = readCollection(text);
    expect(slc.title).toBe('Original & Extra (1988)');
    expect(slc.levels).toHaveLength(90);
    const xsb = parseXsb(fixture('xsokoban_90.xsb'));
    // the two editions agree on every level but 77, where XSokoban has a different level
    const differing = slc.levels.flatMap((l, i) =>
      pieces(l) === pieces(xsb.levels[i]!) ? [] : [i + 1],
    );
    expect(differing).toEqual([77]);
    expect(slc.levels.map((l) => l.title)).toEqual(xsb.levels.map((_, i) => String(i + 1)));
  });

  it('writes it back as SLC and reads the same boards', () => {
    const slc = parseSlc(text);
    expect(parseSlc(printSlc(slc)).levels.map(rowsOf)).toEqual(slc.levels.map(rowsOf));
  });

  it('keeps line numbers true past the blanked DOCTYPE and refuses every other DTD form', () => {
    const error = (xml: string): ParseError => {
      try {
        parseSlc(xml);
      } catch (e) {
        expect(e).toBeInstanceOf(ParseError);
        return e as ParseError;
      }
      throw new Error('no error');
    };
    const broken = text.replace('<L>    #####</L>', '<L>    #####</X>');
    expect(error(broken).line).toBe(
      text.split('\n').findIndex((l) => l.includes('<L>    #####</L>')) + 1,
    );
    const head = '<?xml version="1.0"?>\n';
    expect(
      parseSlc(
        `${head}<!DOCTYPE SokobanLevels PUBLIC "-//x//y" "SokobanLev.dtd">\n${text.slice(text.indexOf('<SokobanLevels>'))}`,
      ).levels,
    ).toHaveLength(90);
    for (const dtd of [
      '<!DOCTYPE SokobanLevels SYSTEM "SokobanLev.dtd" [<!ENTITY a "b">]>',
      '<!DOCTYPE SokobanLevels [ ]>',
      '<!DOCTYPE SokobanLevels SYSTEM "x.dtd">\n<!DOCTYPE SokobanLevels SYSTEM "y.dtd">',
      '<!ENTITY a "b">',
    ]) {
      const refused = error(`${head}${dtd}\n<SokobanLevels/>`);
      expect(refused.message).toMatch(/entity declarations or a DOCTYPE with an internal subset/);
      expect(refused.line).toBe(2);
    }
  });
});

describe('SOK collections bundled with JSoko', () => {
  const cases = [
    {
      file: 'YASGen.sok',
      title: 'YASGen',
      levels: 28,
      author: 'Brian Damgaard',
      first: 'YASGen 1',
    },
    { file: 'dh5.sok', title: 'dh5', levels: 20, author: 'David Holland', first: 'dh5#01' },
    { file: 'SokEvo.sok', title: 'SokEvo', levels: 107, author: 'Lee Haywood', first: 'Level 1' },
  ];
  for (const c of cases) {
    it(`${c.file}: ${c.levels} boards with their titles, authors and ids, kept through SOK and SLC`, () => {
      const text = fixture(c.file);
      expect(collectionFormatOf(text)).toBe('xsb');
      const read = readCollection(text);
      expect(read.title).toBe(c.title);
      // independent count: every board is followed by exactly one `ID:` line in these files
      expect(read.levels).toHaveLength(text.split('\n').filter((l) => l.startsWith('ID: ')).length);
      expect(read.levels).toHaveLength(c.levels);
      expect(read.levels[0]!.title).toBe(c.first);
      for (const level of read.levels) {
        expect(level.author).toBe(c.author);
        expect(level.properties?.some(([key]) => key === 'ID')).toBe(true);
        expect(count(level, BOX)).toBe(count(level, GOAL));
      }
      const sok = readCollection(printSok(read));
      expect(sok.levels.map(rowsOf)).toEqual(read.levels.map(rowsOf));
      expect(sok.levels.map((l) => l.title)).toEqual(read.levels.map((l) => l.title));
      const slc = parseSlc(printSlc(read));
      expect(slc.levels.map(rowsOf)).toEqual(read.levels.map(rowsOf));
    });
  }
});
