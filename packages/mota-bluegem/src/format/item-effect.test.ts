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
});
