import type { Collection, Level } from '../model.js';
import type { GeneratedLevel } from '../generate/generate.js';
import { printPushList } from './lurd.js';

/**
 * A generated level as it goes into a level file: `Pushes:` always, `Moves:` and `Solution:` when
 * the answer was written out in LURD; a push-list answer (`answer: 'pushes'`, for huge levels) goes
 * into the level's comments instead, one `x y D` per line, since no standard key holds it.
 */
export function generatedLevelEntry(g: GeneratedLevel): Level {
  if (g.solution !== undefined) {
    return {
      ...g.level,
      properties: [
        ['Pushes', String(g.pushes)],
        ['Moves', String(g.moves)],
        ['Solution', g.solution],
      ],
    };
  }
  return {
    ...g.level,
    properties: [['Pushes', String(g.pushes)]],
    comments: [
      'push list (x y D):',
      ...printPushList(g.pushList, g.level.width).trimEnd().split('\n'),
    ],
  };
}

/** Generated levels as a collection, ready for {@link printXsb}. */
export function generatedCollection(levels: readonly GeneratedLevel[]): Collection {
  return { comments: [], properties: [], levels: levels.map(generatedLevelEntry) };
}

/** A level's `Solution:` line (key matched in any case), or undefined. */
export function levelSolution(level: Level): string | undefined {
  return level.properties?.find(([key]) => key.toLowerCase() === 'solution')?.[1];
}
