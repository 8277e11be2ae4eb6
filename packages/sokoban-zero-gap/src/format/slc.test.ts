import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { ParseError } from '@puzzlekit/errors';
import { describe, expect, it } from 'vitest';
import type { Collection, Level } from '../model.js';
import { generated } from '../testing/generated.js';
import { collectionFormatOf, parseCollection, printSok, readCollection } from './detect.js';
import { parseSlc, printSlc } from './slc.js';
import { parseXsb } from './xsb.js';

// XSokoban level 1 (Thinking Rabbit, 1982; the public-domain XSokoban set) in SLC as YASC and
// JSoko write it: an XML declaration, the schema attributes, a Description, entities in text.
const XSOKOBAN_SLC = `<?xml version="1.0" encoding="ISO-8859-1"?>
<SokobanLevels xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="SokobanLev.xsd">
  <Title>XSokoban &amp; friends</Title>
  <Description>
The first level of the original 50.
Public domain.
  </Description>
  <Email>nobody@example.com</Email>
  <LevelCollection Copyright="Thinking Rabbit" MaxWidth="19" MaxHeight="11">
    <Level Id="1" Width="19" Height="11">
      <L>    #####</L>
      <L>    #   #</L>
      <L>    #$  #</L>
      <L>  ###  $##</L>
      <L>  #  $ $ #</L>
      <L>### # ## #   ######</L>
      <L>#   # ## #####  ..#</L>
      <L># $  $          ..#</L>
      <L>##### ### #@##  ..#</L>
      <L>    #     #########</L>
      <L>    #######</L>
    </Level>
    <Level Id="tiny &lt;1&gt;" Width="5" Height="3" Copyright="puzzlekit">
      <L>#####</L>
      <L>#@$.#</L>
      <L>#####</L>
      <Solution>R</Solution>
    </Level>
  </LevelCollection>
</SokobanLevels>
`;

// The same two levels in SOK as YASC writes it: a header, a Comment block, solution sections.
const SOK = `Title: XSokoban & friends
Author: Thinking Rabbit
Comment:
The first level of the original 50.
Comment-End:

    #####
    #   #
    #$  #
  ###  $##
  #  $ $ #
### # ## #   ######
#   # ## #####  ..#
# $  $          ..#
##### ### #@##  ..#
    #     #########
    #######
Title: 1

#####
#@$.#
#####
Title: tiny <1>
Author: puzzlekit

Solution (moves)
R
`;

const cellsOf = (l: Level): number[] => [...Array.from(l.cells), l.player];

function sameCollection(a: Collection, b: Collection): void {
  expect(b.title).toBe(a.title);
  expect(b.author).toBe(a.author);
  expect(b.comments).toEqual(a.comments);
  expect(b.levels.map(cellsOf)).toEqual(a.levels.map(cellsOf));
  expect(b.levels.map((l) => [l.title, l.author, l.properties ?? []])).toEqual(
    a.levels.map((l) => [l.title, l.author, l.properties ?? []]),
  );
}

describe('SLC', () => {
  it('reads an SLC file: titles, copyright, description, rows with leading spaces, solutions', () => {
    const c = parseSlc(XSOKOBAN_SLC);
    expect(c.title).toBe('XSokoban & friends');
    expect(c.author).toBe('Thinking Rabbit');
    expect(c.comments).toEqual(['The first level of the original 50.', 'Public domain.']);
    expect(c.properties).toEqual([['Email', 'nobody@example.com']]);
    expect(c.levels.map((l) => [l.title, l.width, l.height, l.author])).toEqual([
      ['1', 19, 11, undefined],
      ['tiny <1>', 5, 3, 'puzzlekit'],
    ]);
    expect(c.levels[1]!.properties).toEqual([['Solution', 'R']]);
    // the same boards as the SOK text of the same levels, and the file's format found by content
    sameCollection(
      { ...c, properties: [], comments: ['The first level of the original 50.'] },
      { ...parseXsb(SOK), properties: [] },
    );
    expect(collectionFormatOf(XSOKOBAN_SLC)).toBe('slc');
    expect(collectionFormatOf(`\uFEFF  ${XSOKOBAN_SLC}`)).toBe('slc');
    expect(collectionFormatOf(SOK)).toBe('xsb');
    expect(parseCollection(XSOKOBAN_SLC).map((l) => [l.title, l.answer])).toEqual([
      ['1', undefined],
      ['tiny <1>', 'R'],
    ]);
  });

  it('print → parse keeps every level, title, author, comment and solution (property)', () => {
    // words with spaces between (both formats trim the ends of a line, as YASC does)
    const text = fc.stringMatching(/^[A-Za-z0-9&<>"']([A-Za-z0-9&<>"' ]{0,10}[A-Za-z0-9&<>"'])?$/);
    fc.assert(
      fc.property(
        fc.record({
          title: fc.option(text, { nil: undefined }),
          author: fc.option(text, { nil: undefined }),
          comments: fc.array(text, { maxLength: 3 }),
          levels: fc.array(
            fc.record({
              seed: fc.integer({ min: 0, max: 500 }),
              type: fc.constantFrom('b', 'e', 'w', 'g'),
              title: fc.option(text, { nil: undefined }),
              author: fc.option(text, { nil: undefined }),
              solutions: fc.array(fc.stringMatching(/^[lurdLURD]{1,30}$/), { maxLength: 2 }),
            }),
            { minLength: 1, maxLength: 3 },
          ),
        }),
        (spec) => {
          const collection: Collection = {
            ...(spec.title === undefined ? {} : { title: spec.title }),
            ...(spec.author === undefined ? {} : { author: spec.author }),
            comments: spec.comments,
            properties: [],
            levels: spec.levels.map((l, i) => {
              const { level } = generated({ type: l.type, size: 3, pushes: 42, seed: l.seed });
              return {
                width: level.width,
                height: level.height,
                cells: level.cells,
                player: level.player,
                title: l.title ?? String(i + 1),
                ...(l.author === undefined ? {} : { author: l.author }),
                ...(l.solutions.length === 0
                  ? {}
                  : { properties: l.solutions.map((s): [string, string] => ['Solution', s]) }),
              };
            }),
          };
          sameCollection(collection, readCollection(printSlc(collection)));
          sameCollection(collection, readCollection(printSok(collection)));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuses what is not an SLC file with a ParseError at the place, and never expands entities', () => {
    const error = (text: string): ParseError => {
      try {
        readCollection(text);
      } catch (e) {
        expect(e).toBeInstanceOf(ParseError);
        return e as ParseError;
      }
      throw new Error('no error');
    };
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">]>\n<SokobanLevels/>`;
    expect(error(bomb).message).toMatch(/DOCTYPE/);
    expect(error(bomb).line).toBe(2);
    const broken = error('<SokobanLevels>\n  <LevelCollection>\n</SokobanLevels>');
    expect(broken.message).toMatch(/not well-formed XML/);
    expect(error('<Levels></Levels>').message).toMatch(/no <SokobanLevels> element/);
    const badRow = XSOKOBAN_SLC.replace('#@$.#', '#@$\u001b#');
    expect(error(badRow).message).toMatch(
      /level 'tiny <1>', row 2: unexpected character '\\u001b'/,
    );
    expect(error(badRow).message).not.toContain('\u001b');
  });
});

describe('real collections through SLC and SOK', () => {
  for (const name of ['microban_155.xsb', 'xsokoban_90.xsb', 'box_world_100.xsb']) {
    it(`${name}: XSB → SLC → read and XSB → SOK → read keep every board, title and comment`, () => {
      const c = parseXsb(
        readFileSync(new URL(`../../../../fixtures/sokoban/${name}`, import.meta.url), 'utf8'),
      );
      // SLC holds no per-level comments or other properties; a level's Id is its title or number
      const slcView: Collection = {
        ...c,
        properties: [],
        comments: c.comments.map((l) => l.trim()).filter((l) => l !== ''),
        levels: c.levels.map((l, i) => ({
          width: l.width,
          height: l.height,
          cells: l.cells,
          player: l.player,
          title: l.title ?? String(i + 1),
          ...(l.author === undefined ? {} : { author: l.author }),
        })),
      };
      const viaSlc = readCollection(printSlc(slcView));
      sameCollection(slcView, { ...viaSlc, comments: viaSlc.comments.filter((l) => l !== '') });
      const viaSok = readCollection(printSok(c));
      expect(viaSok.levels.map(cellsOf)).toEqual(c.levels.map(cellsOf));
      expect(viaSok.levels.map((l) => [l.title, l.author, l.comments])).toEqual(
        c.levels.map((l) => [l.title, l.author, l.comments]),
      );
    });
  }
});

describe('SOK solution sections', () => {
  it('reads Solution sections as YASC and JSoko write them, and Solution: lines', () => {
    const c = parseXsb(SOK);
    expect(c.levels[1]!.properties).toEqual([['Solution', 'R']]);
    const jsoko = parseXsb(
      '######\n#@$ .#\n######\nTitle: two\n\nSolution 1\nRR\n\nSolution/Moves:\nR\nR\n',
    );
    expect(jsoko.levels[0]!.properties).toEqual([
      ['Solution', 'RR'],
      ['Solution', 'RR'],
    ]);
    // a Solution heading before any level is a comment, not an answer
    expect(parseXsb('Solution\n\n#####\n#@$.#\n#####\n').levels[0]!.properties).toBeUndefined();
  });
});
