import type { NamedLevel } from '@puzzlekit/job';
import type { Collection, Level } from '../model.js';
import { parseXsb, printXsb, type ParseXsbOptions } from './xsb.js';
import { levelSolution } from './collection.js';

/**
 * Reads a collection file, whatever its format: XSB/SOK text (levels, `Title:`/`Author:` lines,
 * comments, `Solution:` lines).
 *
 * @throws ParseError (line and column) for a file that is not a level collection.
 */
export function readCollection(text: string, options: ParseXsbOptions = {}): Collection {
  return parseXsb(text, options);
}

/** The levels of a collection file ({@link readCollection}), each with its title and answer. */
export function parseCollection(text: string): readonly NamedLevel<Level, string>[] {
  return namedLevels(readCollection(text));
}

/** A collection's levels with their titles and `Solution:` answers. */
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
  return printXsb({ comments: [], properties: [], levels: levels.map(withAnswer) });
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
