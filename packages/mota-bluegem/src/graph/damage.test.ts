import { describe, expect, it } from 'vitest';
import { battle, defenceSaving } from './damage.js';
import type { Enemy } from '../model.js';

const values = { breakArmor: 0.9, counterAttack: 0.1, purify: 3, hatred: 2, blueGem: 3 };
const hero = { hp: 1000, atk: 100, def: 50, mdef: 0 };
const mon = (extra: Partial<Enemy> = {}): Enemy => ({
  id: 'm',
  name: 'm',
  hp: 300,
  atk: 80,
  def: 40,
  specials: [],
  ...extra,
});
const dmg = (e: Enemy, h = hero, hatred = 0): number | null =>
  battle(e, h, values, { hatred })?.damage ?? null;

// Hand-computed: hero per round 100−40 = 60, turn = ceil(300/60) = 5, monster per round 80−50 = 30.
describe('battle (engine 2.x formula, hand-computed)', () => {
  it('plain: (turn − 1) × per', () => {
    expect(battle(mon(), hero, values)).toEqual({
      damage: 120,
      turn: 5,
      perDamage: 30,
      heroPerDamage: 60,
      initDamage: 0,
    });
  });
  it('pre-emptive adds one round', () => expect(dmg(mon({ specials: [1] }))).toBe(150));
  it('magic attack ignores defence', () => expect(dmg(mon({ specials: [2] }))).toBe(320));
  it('solid: monster defence ≥ hero attack − 1, so 300 rounds of 1', () =>
    expect(dmg(mon({ specials: [3] }))).toBe(299 * 30));
  it('2-hit, 3-hit, n-hit (n = 5, default 4)', () => {
    expect(dmg(mon({ specials: [4] }))).toBe(240);
    expect(dmg(mon({ specials: [5] }))).toBe(360);
    expect(dmg(mon({ specials: [6], n: 5 }))).toBe(600);
    expect(dmg(mon({ specials: [6] }))).toBe(480);
  });
  it('armour-break: floor(0.9 × 50) = 45 before the fight (defValue overrides)', () => {
    expect(dmg(mon({ specials: [7] }))).toBe(165);
    expect(dmg(mon({ specials: [7], breakArmor: 0.5 }))).toBe(145);
  });
  it('counter: floor(0.1 × 100) = 10 per hero round', () =>
    expect(dmg(mon({ specials: [8] }))).toBe(170));
  it('purify: 3 × mdef before the fight, then mdef absorbs', () =>
    expect(dmg(mon({ specials: [9] }), { ...hero, mdef: 20 })).toBe(60 + 120 - 20));
  it('mimic copies attack and defence: 6 rounds of 50', () =>
    expect(dmg(mon({ specials: [10] }))).toBe(250));
  it('vampire drains 20% of HP; with add the monster grows', () => {
    expect(dmg(mon({ specials: [11], vampire: 0.2 }))).toBe(320);
    expect(dmg(mon({ specials: [11], vampire: 0.2, add: true }))).toBe(200 + 8 * 30);
  });
  it('hatred and fixed damage are added after the mdef clamp', () => {
    expect(dmg(mon({ specials: [17] }), hero, 7)).toBe(127);
    expect(dmg(mon({ specials: [22], damage: 33 }))).toBe(153);
    expect(dmg(mon({ specials: [22], damage: 33 }), { ...hero, mdef: 200 })).toBe(33);
  });
  it('mdef absorbs and damage never goes below 0 (without negative damage)', () => {
    expect(dmg(mon(), { ...hero, mdef: 50 })).toBe(70);
    expect(dmg(mon(), { ...hero, mdef: 500 })).toBe(0);
    expect(battle(mon(), { ...hero, mdef: 500 }, values, { negativeDamage: true })?.damage).toBe(
      -380,
    );
  });
  it('returns null when the hero cannot damage the monster or it is invincible', () => {
    expect(battle(mon({ def: 100 }), hero, values)).toBeNull();
    expect(battle(mon({ specials: [20] }), hero, values)).toBeNull();
    expect(battle(mon({ specials: [20] }), hero, values, { cross: true })?.damage).toBe(120);
  });
});

describe('defenceSaving', () => {
  it('plain monster: saving = turn − 1 = 4, linear over the range', () => {
    const s = defenceSaving(mon(), hero, values, 20);
    expect(s).toEqual({ base: 120, saving: 4, linear: true, flags: [] });
  });
  it('2-hit monster saves twice as much', () =>
    expect(defenceSaving(mon({ specials: [4] }), hero, values, 20).saving).toBe(8));
  it('clamped: per-round damage reaches 0 inside the range', () => {
    const s = defenceSaving(mon({ atk: 55 }), hero, values, 10);
    expect(s.saving).toBe(4);
    expect(s.linear).toBe(false);
    expect(s.flags.map((f) => f.code)).toEqual(['clamped']);
    // …but not when the range stops before the clamp.
    expect(defenceSaving(mon({ atk: 55 }), hero, values, 5).linear).toBe(true);
  });
  it('damage clamped at 0 by mdef is flagged', () => {
    const s = defenceSaving(mon(), { ...hero, mdef: 100 }, values, 10);
    expect(s.linear).toBe(false);
    expect(s.flags.map((f) => f.code)).toEqual(['mdef-clamp']);
  });
  it('armour-break is flagged; magic attack has saving 0 and is flagged', () => {
    const ab = defenceSaving(mon({ specials: [7] }), hero, values, 10);
    expect(ab.linear).toBe(false);
    expect(ab.flags.map((f) => f.code)).toEqual(['armour-break']);
    const magic = defenceSaving(mon({ specials: [2] }), hero, values, 10);
    expect(magic.saving).toBe(0);
    expect(magic.linear).toBe(true);
    expect(magic.flags.map((f) => f.code)).toEqual(['magic']);
  });
  it('mimic, vampire, hatred and unknown specials are flagged', () => {
    expect(
      defenceSaving(mon({ specials: [10] }), hero, values, 10).flags.map((f) => f.code),
    ).toContain('mimic');
    expect(defenceSaving(mon({ specials: [11], vampire: 0.1 }), hero, values, 10).linear).toBe(
      false,
    );
    expect(
      defenceSaving(mon({ specials: [17] }), hero, values, 10).flags.map((f) => f.code),
    ).toEqual(['hatred']);
    expect(
      defenceSaving(mon({ specials: [33] }), hero, values, 10).flags.map((f) => f.code),
    ).toEqual(['unmodelled']);
  });
  it('reports monsters the hero cannot damage', () => {
    const s = defenceSaving(mon({ def: 200 }), hero, values, 10);
    expect(s.base).toBeNull();
    expect(s.flags[0]?.code).toBe('unbeatable');
  });
});
