import { own } from '../lookup.js';
import type { Enemy, HeroStats, TowerValues } from '../model.js';

/** The result of one battle as the engine computes it (all integers). */
export interface BattleResult {
  /** HP the hero loses. */
  readonly damage: number;
  /** Rounds the hero needs: `ceil(monster hp / hero per-round damage)`. */
  readonly turn: number;
  /** Damage the monster deals per round (after multi-hit, clamped at 0). */
  readonly perDamage: number;
  /** Damage the hero deals per round. */
  readonly heroPerDamage: number;
  /** Damage before the first round (pre-emptive, armour-break, purify, vampire). */
  readonly initDamage: number;
}

/** Battle options beyond the hero and the monster. */
export interface BattleOptions {
  /** The current hatred (`flag:hatred`), added by special 17. Default 0. */
  readonly hatred?: number;
  /** `flags.enableNegativeDamage`: when false (default) the damage is clamped at 0 before hatred/fixed. */
  readonly negativeDamage?: boolean;
  /** The hero owns a cross (special 20 monsters become beatable). Default false. */
  readonly cross?: boolean;
}

/** The specials {@link battle} models. Others (auras, zones, custom numbers) are ignored and flagged. */
export const MODELLED_SPECIALS: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 22,
];

const has = (e: Enemy, s: number): boolean => e.specials.includes(s);

/**
 * The H5 engine 2.x battle formula (`getDamageInfo` of the sample project): per-round damage
 * `max(mon_atk − hero_def, 0)` (magic attack: `mon_atk`), ×2/×3/×n for multi-hit, rounds
 * `ceil(mon_hp / (hero_atk − mon_def))`, `damage = init + (turn − 1)·per + turn·counter − mdef`, with
 * pre-emptive (1), magic attack (2), solid (3), 2/3/n-hit (4/5/6), armour-break (7), counter (8),
 * purify (9), mimic (10), vampire (11), hatred (17), invincible (20) and fixed damage (22).
 *
 * @returns The battle, or `null` when the hero cannot damage the monster (or it is invincible).
 */
export function battle(
  enemy: Enemy,
  hero: HeroStats,
  values: TowerValues,
  options: BattleOptions = {},
): BattleResult | null {
  const heroHp = Math.max(0, hero.hp);
  const heroAtk = Math.max(0, hero.atk);
  const heroDef = Math.max(0, hero.def);
  const heroMdef = Math.max(0, hero.mdef);
  let monHp = enemy.hp;
  let monAtk = enemy.atk;
  let monDef = enemy.def;
  // getEnemyInfo: mimic, then solid.
  if (has(enemy, 10)) {
    monAtk = heroAtk;
    monDef = heroDef;
  }
  if (has(enemy, 3) && monDef < heroAtk - 1) monDef = heroAtk - 1;
  monHp = Math.floor(monHp);
  monAtk = Math.floor(monAtk);
  monDef = Math.floor(monDef);

  if (has(enemy, 20) && options.cross !== true) return null;
  let init = 0;
  if (has(enemy, 11)) {
    const drained = Math.floor(heroHp * (enemy.vampire ?? 0)) || 0;
    if (enemy.add === true) monHp += drained;
    init += drained;
  }
  let per = monAtk - heroDef;
  if (has(enemy, 2)) per = monAtk;
  if (per < 0) per = 0;
  if (has(enemy, 4)) per *= 2;
  if (has(enemy, 5)) per *= 3;
  if (has(enemy, 6)) per *= enemy.n || 4;
  let counter = 0;
  if (has(enemy, 8))
    counter += Math.floor((enemy.counterAttack || own(values, 'counterAttack') || 0) * heroAtk);
  if (has(enemy, 1)) init += per;
  if (has(enemy, 7))
    init += Math.floor((enemy.breakArmor || own(values, 'breakArmor') || 0) * heroDef);
  if (has(enemy, 9)) init += Math.floor((enemy.purify || own(values, 'purify') || 0) * heroMdef);
  const heroPer = Math.max(heroAtk - monDef, 0);
  if (heroPer <= 0) return null;
  const turn = Math.ceil(monHp / heroPer);
  let damage = init + (turn - 1) * per + turn * counter;
  damage -= heroMdef;
  if (options.negativeDamage !== true) damage = Math.max(0, damage);
  if (has(enemy, 17)) damage += options.hatred ?? 0;
  if (has(enemy, 22)) damage += enemy.damage || 0;
  return {
    damage: Math.floor(damage),
    turn: Math.floor(turn),
    perDamage: Math.floor(per),
    heroPerDamage: Math.floor(heroPer),
    initDamage: Math.floor(init),
  };
}

/** Why a monster breaks (or is special under) the linear "damage saved per defence point" model. */
export interface LinearityFlag {
  /** `magic`, `armour-break`, `mimic`, `clamped`, `mdef-clamp`, `vampire`, `hatred`, `unmodelled`, `unbeatable`. */
  readonly code: string;
  readonly reason: string;
}

/** The defence saving of one monster and whether it is linear across the defence range that matters. */
export interface DefenceSaving {
  /** Damage at the starting defence (null if the hero cannot damage it). */
  readonly base: number | null;
  /** `damage(D) − damage(D + 1)` at the starting defence D (the engine's "1防减伤"). */
  readonly saving: number;
  /** True when `damage(D + k) = base − k·saving` for every k in `0..range` and nothing order-dependent applies. */
  readonly linear: boolean;
  /** Every reason this monster is special for the model (empty for a plain monster). */
  readonly flags: readonly LinearityFlag[];
}

const MAX_EXACT_CHECK = 4096;

/**
 * Measures a monster's defence saving the way the engine's "N防减伤" does — `damage(D) − damage(D+1)` —
 * and checks the linear model over `D .. D + range` (every point when `range ≤ 4096`, else an even
 * sample plus the points where the per-round damage reaches 0). Monsters the model cannot trust are
 * flagged with the reason: armour-break, mimic, clamped per-round damage, damage clamped at 0 by
 * magic defence, HP-dependent vampire, order-dependent hatred, magic attack (saving 0), specials the
 * formula does not model.
 */
export function defenceSaving(
  enemy: Enemy,
  hero: HeroStats,
  values: TowerValues,
  range: number,
  options: BattleOptions = {},
): DefenceSaving {
  const flags: LinearityFlag[] = [];
  const at = (d: number): number | null =>
    battle(enemy, { ...hero, def: hero.def + d }, values, options)?.damage ?? null;
  const base = at(0);
  if (base === null) {
    return {
      base: null,
      saving: 0,
      linear: false,
      flags: [
        { code: 'unbeatable', reason: 'the hero cannot damage this monster (or it is invincible)' },
      ],
    };
  }
  const next = at(1);
  const saving = next === null ? 0 : base - next;
  const r = Math.max(0, Math.floor(range));
  const points: number[] = [];
  if (r <= MAX_EXACT_CHECK) for (let k = 0; k <= r; k++) points.push(k);
  else {
    for (let i = 0; i <= MAX_EXACT_CHECK; i++) points.push(Math.floor((i * r) / MAX_EXACT_CHECK));
    const zero = enemy.atk - hero.def; // where the per-round damage reaches 0
    for (const k of [zero - 1, zero, zero + 1]) if (k >= 0 && k <= r) points.push(k);
  }
  let exact = true;
  for (const k of points) {
    const d = at(k);
    if (d === null || d !== base - k * saving) {
      exact = false;
      break;
    }
  }
  if (enemy.specials.includes(2))
    flags.push({ code: 'magic', reason: 'magic attack ignores defence: its saving is 0' });
  if (enemy.specials.includes(7))
    flags.push({
      code: 'armour-break',
      reason: 'armour-break adds a share of the defence as damage',
    });
  if (enemy.specials.includes(10))
    flags.push({ code: 'mimic', reason: "mimic copies the hero's attack and defence" });
  if (enemy.specials.includes(11))
    flags.push({ code: 'vampire', reason: "vampire damage depends on the hero's HP at the time" });
  if (enemy.specials.includes(17))
    flags.push({ code: 'hatred', reason: 'hatred damage depends on how many fights came before' });
  const unmodelled = enemy.specials.filter((s) => !MODELLED_SPECIALS.includes(s));
  if (unmodelled.length > 0)
    flags.push({
      code: 'unmodelled',
      reason: `special ${unmodelled.join(', ')} is not modelled (custom functions.js is never run)`,
    });
  if (!exact && flags.every((f) => f.code === 'magic' || f.code === 'unmodelled')) {
    const endDamage = at(r);
    if (endDamage === 0 && hero.mdef > 0)
      flags.push({
        code: 'mdef-clamp',
        reason: 'damage is clamped at 0 by magic defence in the range',
      });
    else
      flags.push({
        code: 'clamped',
        reason: `per-round damage reaches 0 at defence ${Math.max(hero.def, enemy.atk)} within the range`,
      });
  }
  const orderDependent = enemy.specials.includes(11) || enemy.specials.includes(17);
  return { base, saving, linear: exact && !orderDependent, flags };
}
