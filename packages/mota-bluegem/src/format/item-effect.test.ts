import { describe, expect, it } from 'vitest';
import { gainAt, readItemEffect } from './item-effect.js';

const values = { blueGem: 3, redGem: 2, greenGem: 5, yellowPotion: 400, blueJewel: 4 };

describe('readItemEffect', () => {
  it('reads the 2.x blue gem: values.blueGem × floor ratio', () => {
    const e = readItemEffect(
      'core.status.hero.def += core.values.blueGem * core.status.thisMap.ratio',
      values,
    );
    expect(e.def).toEqual({ base: 0, perRatio: 3 });
    expect(gainAt(e.def, 2)).toBe(6);
    expect(e.exact).toBe(true);
  });
  it('reads several statements, constants, multipliers and the old `ratio` name', () => {
    const e = readItemEffect(
      'core.status.hero.hp+=1000;core.status.hero.atk+=6;core.status.hero.def += core.values.blueJewel * ratio * 2;\ncore.status.hero.mdef -= 10',
      values,
    );
    expect(e.hp).toEqual({ base: 1000, perRatio: 0 });
    expect(e.atk).toEqual({ base: 6, perRatio: 0 });
    expect(e.def).toEqual({ base: 0, perRatio: 8 });
    expect(e.mdef).toEqual({ base: -10, perRatio: 0 });
  });
  it('lists what it cannot read instead of guessing', () => {
    const e = readItemEffect(
      'core.status.hero.def *= 1.05;\ncore.status.hero.hp += 20;core.addItem("x")',
      values,
    );
    expect(e.exact).toBe(false);
    expect(e.unread).toEqual(['core.status.hero.def *= 1.05', 'core.addItem("x")']);
    expect(e.hp.base).toBe(20);
    expect(e.def).toEqual({ base: 0, perRatio: 0 });
    expect(readItemEffect('core.status.hero.def += core.values.missing', values).exact).toBe(false);
    expect(readItemEffect('', values).exact).toBe(true);
  });
  it('reads arithmetic over known names: ratio fallbacks, declared names, any literal form, comments', () => {
    // The blue gem of a community tower that the old grammar could not read.
    const gem = readItemEffect(
      'core.status.hero.def += core.values.blueGem*(item_ratio||ratio)',
      values,
    );
    expect(gem.def).toEqual({ base: 0, perRatio: 3 });
    expect(gem.exact).toBe(true);
    for (const [script, base] of [
      ['core.status.hero.hp += 1e3', 1000],
      ['core.status.hero.hp += 0x3', 3],
      ['core.status.hero.hp += (3) // a trailing comment', 3],
      ['core.status.hero.hp += core.values.yellowPotion / 2 + 10', 210],
      ['core.status.hero.hp = core.status.hero.hp + 50', 50],
      ['core.status.hero.hp += Math.floor(core.values.yellowPotion * 1.5)', 600],
      ['core.status.hero.hp += core.values.missing || 25', 25],
      ['var heal = core.values.yellowPotion; core.status.hero.hp += heal * 2', 800],
      ["core.status.hero['hp'] += 7; core.status.hero.hpmax += 100", 7],
    ] as const) {
      const e = readItemEffect(script, values);
      expect(e.hp).toEqual({ base, perRatio: 0 });
      expect(e.exact).toBe(true);
    }
    const potion = readItemEffect(
      'var r = core.status.thisMap.ratio;\ncore.status.hero.hp += 200 * (r || 1) - 20',
      values,
    );
    expect(potion.hp).toEqual({ base: -20, perRatio: 200 });
  });

  it('does not read what depends on the hero, a ratio squared or a call, and says so', () => {
    for (const script of [
      'core.status.hero.def += core.status.hero.def * 0.1',
      'core.status.hero.def += ratio * ratio',
      'core.status.hero.def += core.getFlag("x", 1)',
      'if (core.hasItem("x")) core.status.hero.def += 3',
      'core.status.hero.def += (',
    ]) {
      const e = readItemEffect(script, values);
      expect(e.exact).toBe(false);
      expect(e.unread.length).toBeGreaterThan(0);
    }
  });
});
