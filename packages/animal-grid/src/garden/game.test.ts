/**
 * The garden descriptor against independent truth: collection round trip (fast-check over generated
 * levels), JSON round trips, every generated level's answer grows into its target by the plain
 * round-by-round simulation, a corrupted answer refused with a reason, the same stream giving the
 * same bytes, and `maxWork: 0` giving up.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readOptions, valueOf } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { game } from './index.js';
import { growRound, kindIndex, type GardenLevel, type Planting } from './model.js';

/** The target grown from a planting by repeating growRound: the oracle verify must agree with. */
function grows(level: GardenLevel, planting: Planting): boolean {
  const kinds = kindIndex(level.flowerTypes);
  let cells: Int8Array = new Int8Array(level.size * level.size).fill(-1);
  for (const p of planting) cells[p.y * level.size + p.x] = kinds.get(p.flower)!;
  for (let r = 0; r < level.rounds; r++)
    cells = growRound(level.size, level.humidity, level.flowerTypes, cells);
  return Array.from(cells, (k) => (k < 0 ? null : level.flowerTypes[k]!.name)).every(
    (f, i) => f === level.target[i],
  );
}

const generated = [2, 3, 4, 5].map((size, i) => {
  const options = readOptions(game.generate!.options, { size });
  return valueOf(game.generate!.run(options, Rng.forIndex('garden', i), game.generate!.budget))!;
});

describe('garden descriptor', () => {
  it('names itself and its jobs', () => {
    expect(game.id).toBe('garden');
    expect([game.generate!.unit, game.solve!.unit, game.rate!.unit]).toEqual([
      'attempts',
      'nodes',
      'nodes',
    ]);
  });

  it('prints and parses collections back (property)', () => {
    const entry = fc.record({
      pick: fc.nat({ max: generated.length - 1 }),
      title: fc.string({ maxLength: 20 }),
      withAnswer: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 4 }), (picks) => {
        const levels = picks.map((p) => ({
          level: generated[p.pick]!.level,
          title: p.title,
          ...(p.withAnswer ? { answer: generated[p.pick]!.answer! } : {}),
        }));
        expect(game.format!.parse(game.format!.print(levels))).toEqual(levels);
      }),
      { numRuns: 40 },
    );
  });

  it('round-trips levels and answers through JSON', () => {
    for (const g of generated) {
      const json = JSON.parse(JSON.stringify(game.levelToJson(g.level))) as unknown;
      expect(game.levelFromJson(json)).toEqual(g.level);
      expect(game.answerFromJson(JSON.parse(JSON.stringify(game.answerToJson(g.answer!))))).toEqual(
        g.answer,
      );
    }
    expect(() => game.levelFromJson({ size: 0 }, '$.levels[1]')).toThrow(
      /^\$\.levels\[1\]\.size: /,
    );
  });

  it('generates levels whose answer grows into the target, and verify agrees', () => {
    for (const g of generated) {
      expect(grows(g.level, g.answer!)).toBe(true);
      expect(game.verify!(g.level, g.answer!)).toEqual({ ok: true });
      expect(valueOf(game.solve!.run(g.level, game.solve!.budget, {}))).toEqual(g.answer);
      expect(valueOf(game.rate!.run(g.level, game.rate!.budget))!.plantings).toBe(1);
    }
  });

  it('refuses a corrupted answer with a reason that says where and what', () => {
    const g = generated[2]!;
    const a = g.answer!;
    const moved = a.map((p, i) => (i === 0 ? { ...p, x: (p.x + 1) % g.level.size } : p));
    const v = game.verify!(g.level, moved);
    expect(v.ok).toBe(grows(g.level, moved));
    if (!v.ok) expect(v.reason).toMatch(/cell \d+,\d+ (holds|is planted twice)|planted where/);
    const extra = [...a, { ...a[0]!, x: a[0]!.x }];
    const w = game.verify!(g.level, extra);
    expect(w).toMatchObject({ ok: false });
    if (!w.ok) expect(w.reason).toMatch(/planted twice/);
  });

  it('gives the same JSON bytes for the same options and stream, and gives up at maxWork 0', () => {
    const options = readOptions(game.generate!.options, { size: 5 });
    const a = game.generate!.run(options, Rng.forIndex(9, 2), game.generate!.budget);
    const b = game.generate!.run(options, Rng.forIndex(9, 2), game.generate!.budget);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(structuredClone(a)).toEqual(a);
    expect(game.generate!.run(options, Rng.forIndex(9, 2), { maxWork: 0 }).outcome).toMatchObject({
      kind: 'gave-up',
      bound: 'work',
      unit: 'attempts',
    });
    const level = generated[0]!.level;
    expect(game.solve!.run(level, { maxWork: 0 }, {}).outcome).toMatchObject({ bound: 'work' });
    expect(game.rate!.run(level, { maxWork: 0 }).outcome).toMatchObject({ bound: 'work' });
  });
});
