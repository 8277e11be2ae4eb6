import type { NamedLevel } from '@puzzlekit/job';
import type { Collection, Level } from '../model.js';
import { parseXsb, printLevel, printXsb, type ParseXsbOptions } from './xsb.js';
import { levelSolution } from './collection.js';
import { looksLikeSlc, parseSlc } from './slc.js';

/** The formats {@link readCollection} tells apart by content. */
export type CollectionFormatName = 'xsb' | 'slc';

/** Which format a collection file is in, by its content: SLC when it starts with `<`, else XSB/SOK. */
export function collectionFormatOf(text: string): CollectionFormatName {
  return looksLikeSlc(text) ? 'slc' : 'xsb';
}

/**
 * Reads a collection file, whatever its format, chosen by content, not by the file's name: SLC
 * (XML: `<SokobanLevels>`) or XSB/SOK text (levels, `Title:`/`Author:` lines, comments, `Comment:`
 * blocks, `Solution:` lines and YASC/JSoko `Solution` sections).
 *
 * @throws ParseError (line and column) for a file that is not a level collection.
 */
export function readCollection(text: string, options: ParseXsbOptions = {}): Collection {
  return collectionFormatOf(text) === 'slc' ? parseSlc(text, options) : parseXsb(text, options);
}

/** The levels of a collection file ({@link readCollection}), each with its title and answer. */
export function parseCollection(text: string): readonly NamedLevel<Level, string>[] {
  return namedLevels(readCollection(text));
}

/** A collection's levels with their titles and (first) solutions as answers. */
export function namedLevels(collection: Collection): NamedLevel<Level, string>[] {
  return collection.levels.map((level) => {
    const answer = levelSolution(level);
    return {
      level,
      ...(level.title === undefined ? {} : { title: level.title }),
      ...(answer === undefined ? {} : { answer }),
    };
  });
}

/** Levels as an XSB file: each with its title and its answer as a `Solution:` line. */
export function printCollection(levels: readonly NamedLevel<Level, string>[]): string {
  return printXsb(collectionOf(levels));
}

/** Named levels as a collection without a header, titles and answers written into each level. */
export function collectionOf(levels: readonly NamedLevel<Level, string>[]): Collection {
  return { comments: [], properties: [], levels: levels.map(withAnswer) };
}

/** A level with `title` and `answer` written into its `Title:` and `Solution:` lines. */
export function withAnswer(entry: NamedLevel<Level, string>): Level {
  const others = (entry.level.properties ?? []).filter(([k]) => k.toLowerCase() !== 'solution');
  return {
    ...entry.level,
    ...(entry.title === undefined ? {} : { title: entry.title }),
    properties: entry.answer === undefined ? others : [...others, ['Solution', entry.answer]],
  };
}

/**
 * Writes a collection as SOK text the way YASC and JSoko write it: the header's `Title:`/`Author:`
 * and a `Comment:` block, then each level's board, `Title:`, `Author:`, other properties, and every
 * solution as a `Solution` section (a heading line and the LURD under it) rather than a
 * `Solution:` line. {@link parseXsb} reads it back.
 */
export function printSok(collection: Collection): string {
  const head: string[] = [];
  if (collection.title !== undefined) head.push(`Title: ${collection.title}`);
  if (collection.author !== undefined) head.push(`Author: ${collection.author}`);
  for (const [k, v] of collection.properties) head.push(`${k}: ${v}`);
  if (collection.comments.length > 0) head.push('Comment:', ...collection.comments, 'Comment-End:');
  const parts = head.length > 0 ? [`${head.join('\n')}\n`] : [];
  for (const level of collection.levels) {
    const solutions = (level.properties ?? []).filter(([k]) => k.toLowerCase() === 'solution');
    const others = (level.properties ?? []).filter(([k]) => k.toLowerCase() !== 'solution');
    let text = printLevel({ ...level, properties: others });
    for (const [, moves] of solutions) text += `\nSolution\n${moves}\n`;
    parts.push(text);
  }
  return parts.join('\n');
}
