import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import { Rng } from '@puzzlekit/rng';
import { describe, expect, it } from 'vitest';
import { parseTree, solveTree, type TreeNode } from './tree.js';

function brute(nodes: readonly TreeNode[]): number {
  let best = Number.POSITIVE_INFINITY;
  const done = new Set<number>();
  const rec = (before: number, total: number): void => {
    if (done.size === nodes.length) {
      best = Math.min(best, total);
      return;
    }
    for (const v of nodes) {
      if (done.has(v.id) || (v.parent === -1 ? done.size > 0 : !done.has(v.parent))) continue;
      done.add(v.id);
      rec(before + v.a, total + before * v.g);
      done.delete(v.id);
    }
  };
  rec(0, 0);
  return best;
}

describe('abstract tree input', () => {
  it('solves the hand example (bad point merged with its parent)', () => {
    const text = JSON.stringify({
      nodes: [
        { id: 10, parent: -1, a: 0, g: 0 },
        { id: 11, parent: 10, a: 10, g: 1 },
        { id: 12, parent: 11, a: 1, g: 30 },
        { id: 13, parent: 10, a: 5, g: 5 },
      ],
    });
    expect(solveTree(parseTree(text))).toEqual({
      order: [10, 11, 12, 13],
      objective: 355,
      optimal: true,
    });
  });

  it('equals brute force on 1,000 random trees with arbitrary ids', () => {
    const rng = Rng.from('tree-json');
    for (let t = 0; t < 1000; t++) {
      const n = rng.int(1, 7);
      const ids = rng.sample(
        Array.from({ length: 50 }, (_, i) => i),
        n,
      );
      const nodes: TreeNode[] = ids.map((id, k) => ({
        id,
        parent: k === 0 ? -1 : (ids[rng.below(k)] ?? -1),
        a: rng.int(0, 40),
        g: rng.int(0, 40),
      }));
      const solved = solveTree(parseTree(JSON.stringify({ nodes: rng.shuffled(nodes) })));
      expect(solved.objective).toBe(brute(nodes));
      expect(solved.order[0]).toBe(ids[0]);
    }
  });

  it('gives ParseError with line and column for malformed JSON', () => {
    try {
      parseTree('{"nodes": [\n  {"id": 0 "parent": -1}\n]}');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ParseError);
      expect([(error as ParseError).line, (error as ParseError).column]).toEqual([2, 12]);
    }
  });

  it.each([
    ['{"nodes": 3}', '$.nodes'],
    ['{"nodes": []}', '$.nodes'],
    ['{"nodes": [{"id": 0, "parent": -1, "a": -1, "g": 0}]}', '$.nodes[0].a'],
    ['{"nodes": [{"id": 0, "parent": -1, "a": 1.5, "g": 0}]}', '$.nodes[0].a'],
    [
      '{"nodes": [{"id": 0, "parent": -1, "a": 1, "g": 0}, {"id": 0, "parent": 0, "a": 1, "g": 1}]}',
      '$.nodes[1].id',
    ],
    [
      '{"nodes": [{"id": 0, "parent": -1, "a": 1, "g": 0}, {"id": 1, "parent": 7, "a": 1, "g": 1}]}',
      '$.nodes[1].parent',
    ],
    [
      '{"nodes": [{"id": 0, "parent": -1, "a": 1, "g": 0}, {"id": 1, "parent": -1, "a": 1, "g": 1}]}',
      '$.nodes[1].parent',
    ],
    [
      '{"nodes": [{"id": 0, "parent": 1, "a": 1, "g": 0}, {"id": 1, "parent": 0, "a": 1, "g": 1}]}',
      '$.nodes',
    ],
    [
      '{"nodes": [{"id": 0, "parent": -1, "a": 1, "g": 0}, {"id": 1, "parent": 2, "a": 1, "g": 1}, {"id": 2, "parent": 1, "a": 1, "g": 1}]}',
      '$.nodes[1].parent',
    ],
    ['{"nodes": [{"id": 0, "parent": -1, "a": 9007199254740991, "g": 2}]}', '$.nodes'],
  ])('rejects %s at %s', (text, path) => {
    try {
      parseTree(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).path).toBe(path);
    }
  });
});
