import { describe, expect, it } from 'vitest';
import { generated } from '../testing/generated.js';
import { verify } from '../play.js';
import { generatedCollection, levelSolution } from './collection.js';
import { parsePushList } from './lurd.js';
import { parseXsb, printXsb } from './xsb.js';

describe('generated levels as a level file', () => {
  it('round-trips: each level comes back with its answer, which solves it', () => {
    const levels = [1, 2, 3].map((seed) => generated({ type: 'b', size: 3, pushes: 60, seed }));
    const text = printXsb(generatedCollection(levels));
    const back = parseXsb(text);
    expect(back.levels).toHaveLength(3);
    back.levels.forEach((level, i) => {
      const g = levels[i]!;
      expect(level.cells).toEqual(g.level.cells);
      expect(level.player).toBe(g.level.player);
      expect(levelSolution(level)).toBe(g.solution);
      expect(level.properties).toContainEqual(['Pushes', String(g.pushes)]);
      expect(level.properties).toContainEqual(['Moves', String(g.moves)]);
      expect(verify(level, levelSolution(level)!).solved).toBe(true);
    });
  });

  it('a push-list answer goes into the comments, one push a line, and still solves the level', () => {
    const g = generated({ type: 'e', size: 3, pushes: 40, seed: 7, answer: 'pushes' });
    expect(g.solution).toBeUndefined();
    const [level] = parseXsb(printXsb(generatedCollection([g]))).levels;
    expect(levelSolution(level!)).toBeUndefined();
    const comments = level!.comments ?? [];
    expect(comments[0]).toBe('push list (x y D):');
    const pushes = parsePushList(comments.slice(1).join('\n'), level!.width, level!.height);
    expect(pushes).toHaveLength(g.pushes);
    expect(verify(level!, pushes).solved).toBe(true);
  });

  it('finds a Solution line whatever its case', () => {
    const level = parseXsb('#####\n#@$.#\n#####\nsolution: R\n').levels[0]!;
    expect(levelSolution(level)).toBe('R');
    expect(levelSolution(parseXsb('#####\n#@$.#\n#####\n').levels[0]!)).toBeUndefined();
  });
});
