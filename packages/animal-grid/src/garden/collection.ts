/**
 * A file of many Beautiful Garden levels with their answers, as the pack runner and `generate --count`
 * write them:
 *
 * ```json
 * { "gardens": [ { "name": "1", "level": { "size": 3, … }, "answer": [ {"flower":"rose","x":0,"y":0} ] } ] }
 * ```
 *
 * A file holding one level (the level format itself) is read as a collection of one.
 */
import type { NamedLevel } from '@puzzlekit/job';
import { collectionItems, isObject, own, parseJsonText, underPath } from '../format/json.js';
import { formatGarden, validateGarden } from './format.js';
import type { GardenLevel, Planting } from './model.js';
import { plantingFromJson } from './planting.js';

/** Most levels in one garden collection file. */
export const MAX_GARDEN_COLLECTION = 10_000;

/** Validates a parsed garden collection, or one level; errors carry JSON paths (`$.gardens[2].level.size`). */
export function validateGardenCollection(value: unknown): NamedLevel<GardenLevel, Planting>[] {
  if (!(isObject(value) && Object.hasOwn(value, 'gardens')))
    return [{ level: validateGarden(value) }];
  return collectionItems(value, 'gardens', MAX_GARDEN_COLLECTION, ['level', 'answer']).map(
    ({ item: o, path, name }) => {
      const level = underPath(`${path}.level`, () => validateGarden(own(o, 'level')));
      const answer = own(o, 'answer');
      return {
        level,
        title: name,
        ...(answer === undefined
          ? {}
          : { answer: plantingFromJson(level, answer, `${path}.answer`) }),
      };
    },
  );
}

/** Parses a garden collection file (or a file of one level). */
export function parseGardenCollection(
  text: string,
  source?: string,
): NamedLevel<GardenLevel, Planting>[] {
  return validateGardenCollection(parseJsonText(text, source));
}

/** Prints levels as one garden collection file, each level as `formatGarden` writes it. */
export function formatGardenCollection(
  levels: readonly NamedLevel<GardenLevel, Planting>[],
): string {
  const blocks = levels.map((l, i) => {
    const level = formatGarden(l.level).trimEnd().replace(/\n/g, '\n      ');
    const answer =
      l.answer === undefined
        ? ''
        : `,\n      "answer": ${JSON.stringify(l.answer.map((p) => ({ flower: p.flower, x: p.x, y: p.y })))}`;
    return `    {\n      "name": ${JSON.stringify(l.title ?? String(i + 1))},\n      "level": ${level}${answer}\n    }`;
  });
  return `{\n  "gardens": [\n${blocks.join(',\n')}\n  ]\n}\n`;
}
