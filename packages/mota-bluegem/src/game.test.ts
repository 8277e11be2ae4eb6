import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '@puzzlekit/errors';
import { isSolved } from '@puzzlekit/job';
import { floorLevel, game, type FloorLevel, type MotaLevel } from './game.js';
import { probeHero } from './graph/summary.js';
import { loadProject } from './format/project.js';
import { readProjectFiles } from './node.js';
import { orderObjective } from './solve/horn.js';
import type { TreeInput } from './solve/tree.js';

const tower = (name: string): string =>
  fileURLToPath(new URL(`../../../fixtures/mota/${name}`, import.meta.url));

/** Random trees: node k's parent is an earlier node, savings and gems small. */
const trees = fc
  .array(fc.tuple(fc.nat(), fc.nat({ max: 50 }), fc.nat({ max: 50 })), {
    minLength: 1,
    maxLength: 9,
  })
  .map((rows): TreeInput => ({
    nodes: rows.map(([p, a, g], id) => ({ id, parent: id === 0 ? -1 : p % id, a, g })),
  }));

/** Every order of a tree that puts each node after its parent (brute force, small trees). */
function bestObjective(tree: TreeInput): number {
  const n = tree.nodes.length;
  const p = tree.nodes.map((x) => x.a);
  const w = tree.nodes.map((x) => x.g);
  let best = Infinity;
  const order: number[] = [];
  const used = new Set<number>();
  const go = (): void => {
    if (order.length === n) {
      best = Math.min(best, orderObjective(order, p, w));
      return;
    }
    for (const node of tree.nodes) {
      if (used.has(node.id) || (node.parent !== -1 && !used.has(node.parent))) continue;
      used.add(node.id);
      order.push(node.id);
      go();
      order.pop();
      used.delete(node.id);
    }
  };
  go();
  return best;
}

const json = <T>(v: T): unknown => JSON.parse(JSON.stringify(v));

describe('the mota descriptor on abstract trees', () => {
  it('solves with the least objective (brute force), verifies its answer and refuses a corrupted one', () => {
    fc.assert(
      fc.property(trees, (tree) => {
        const level = game.levelFromJson(json({ kind: 'tree', tree }));
        expect(game.levelFromJson(json(game.levelToJson(level)))).toEqual(level);
        const result = game.solve!.run(level, game.solve!.budget, {});
        expect(result.outcome.kind).toBe('solved');
        if (!isSolved(result)) return;
        const answer = game.answerFromJson(json(game.answerToJson(result.value)));
        expect(answer).toEqual(result.value);
        expect(game.verify!(level, answer)).toEqual({ ok: true });
        const order = answer.kind === 'order' ? answer.order : [];
        const p = tree.nodes.map((x) => x.a);
        const w = tree.nodes.map((x) => x.g);
        expect(orderObjective(order, p, w)).toBe(bestObjective(tree));
        if (order.length > 1) {
          // The root moved to the end comes after its children.
          const bad = game.verify!(level, { kind: 'order', order: [...order.slice(1), order[0]!] });
          expect(bad.ok).toBe(false);
          if (!bad.ok) expect(bad.reason).toMatch(/before its parent/);
        }
        expect(game.verify!(level, { kind: 'order', order: order.slice(1) }).ok).toBe(false);
      }),
    );
  });

  it('gives up with no work allowed, and refuses bad JSON with its path', () => {
    const level = game.levelFromJson({
      kind: 'tree',
      tree: { nodes: [{ id: 0, parent: -1, a: 1, g: 1 }] },
    });
    expect(game.solve!.run(level, { maxWork: 0 }, {}).outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: 0,
      unit: 'nodes',
    });
    const pathOf = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidInputError);
        return (e as InvalidInputError).path;
      }
      return undefined;
    };
    expect(
      pathOf(() =>
        game.levelFromJson({ kind: 'tree', tree: { nodes: [{ id: 0, parent: 3, a: 1, g: 1 }] } }),
      ),
    ).toBe('$.tree.nodes[0].parent');
    expect(pathOf(() => game.levelFromJson({ kind: 'maze' }))).toBe('$.kind');
    expect(pathOf(() => game.answerFromJson('LLX', '$.answer'))).toBe('$.answer');
    expect(pathOf(() => game.answerFromJson([0, 1.5]))).toBe('$[1]');
  });
});

describe('the mota descriptor on a real floor', () => {
  it('solves MT1 of only-up, walks its route with the verifier, and refuses corrupted routes with the move and cell', async () => {
    const files = await readProjectFiles(tower('only-up'));
    const hero = probeHero(loadProject(files), 'MT1');
    const level = floorLevel(files, 'MT1', { hero });
    expect(Object.keys(level.files.floors)).toEqual(['MT1']);
    const again = game.levelFromJson(json(game.levelToJson(level))) as FloorLevel;
    expect(json(again)).toEqual(json(level));
    const result = game.solve!.run(level, game.solve!.budget, {});
    expect(result).toMatchObject({ outcome: { kind: 'solved' }, work: 659 });
    if (!isSolved(result)) return;
    expect(game.answerToJson(result.value)).toBe(
      'LLRRRRRUUUUUUUURRRDULLDDDDDDRDDDLRUULLLLLLLUUUUUULRDDDDLDDDRDDDRRRLLLLLLRRRUULUURUUUUUURRRRR',
    );
    expect(game.verify!(again, result.value)).toEqual({ ok: true });
    const route = result.value.kind === 'route' ? result.value.route : '';
    // Straight down from the arrival cell runs into the map's wall.
    const down = game.verify!(level, { kind: 'route', route: 'DDDDDDDDDDDD' });
    expect(down.ok).toBe(false);
    if (!down.ok)
      expect(down.reason).toMatch(/^move \d+ \(D\) from \(\d+,\d+\): (walks into|leaves)/);
    // The starting hero (attack 1) cannot fight what the survey hero fights.
    const weak: MotaLevel = floorLevel(files, 'MT1');
    const verdict = game.verify!(weak, { kind: 'route', route });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(/cannot fight|engine refuses/);
    expect(game.solve!.run(level, { maxWork: 0 }, {}).outcome).toMatchObject({
      kind: 'gave-up',
      bound: 'work',
    });
    expect(game.render(level).split('\n')).toHaveLength(2 + 13);
  });

  it('refuses a level whose hero is not numbers, naming the path', async () => {
    const files = await readProjectFiles(tower('template'));
    const level = floorLevel(files, 'sample0');
    const broken = json(level) as { files: { floors: Record<string, string> } };
    broken.files.floors.sample0 = 'main.floors.sample0 = {map: [[1,,}';
    try {
      game.levelFromJson(broken);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInputError);
      expect((e as InvalidInputError).path).toBe('$.files.floors["sample0"]');
      expect((e as Error).message).toMatch(/floors\/sample0\.js:1:\d+: Unexpected token/);
    }
    const bad = { ...(json(level) as object), hero: { hp: '100', atk: 1, def: 1, mdef: 0 } };
    expect(() => game.levelFromJson(bad)).toThrow(InvalidInputError);
    try {
      game.levelFromJson(bad);
    } catch (e) {
      expect((e as InvalidInputError).path).toBe('$.hero.hp');
    }
  });
});
