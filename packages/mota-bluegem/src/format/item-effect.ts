import type { ItemEffect, StatGain, TowerValues } from '../model.js';
import { own } from '../lookup.js';

const ZERO: StatGain = { base: 0, perRatio: 0 };
const STATEMENT = /^core\.status\.hero\.(hp|atk|def|mdef)\s*(\+=|-=)\s*(.+)$/;
const IGNORED = /^core\.status\.hero\.(hpmax|money|exp|experience|mana|manamax|lv)\s*(\+=|-=|=)/;

function readTerm(term: string, values: TowerValues): StatGain | null {
  let product = 1;
  let ratios = 0;
  for (const raw of term.split('*')) {
    const f = raw.trim();
    if (/^\d+(?:\.\d+)?$/.test(f)) product *= Number(f);
    else if (f === 'core.status.thisMap.ratio' || f === 'ratio') ratios++;
    else {
      const m = /^core\.values\.([A-Za-z_$][\w$]*)$/.exec(f);
      const v = m === null ? undefined : own(values, m[1] ?? '');
      if (typeof v !== 'number' || !Number.isFinite(v)) return null;
      product *= v;
    }
  }
  if (ratios > 1) return null;
  return ratios === 0 ? { base: product, perRatio: 0 } : { base: 0, perRatio: product };
}

function readExpression(expr: string, values: TowerValues): StatGain | null {
  if (/[()/?:]/.test(expr)) return null;
  let base = 0;
  let perRatio = 0;
  // Split on + and - that separate terms (not a leading sign).
  const parts = expr.replace(/\s+/g, '').split(/(?=[+-])/);
  for (const part of parts) {
    const sign = part.startsWith('-') ? -1 : 1;
    const body = part.replace(/^[+-]/, '');
    if (body === '') return null;
    const g = readTerm(body, values);
    if (g === null) return null;
    base += sign * g.base;
    perRatio += sign * g.perRatio;
  }
  return { base, perRatio };
}

/**
 * Reads an item's `itemEffect` script without running it: statements of the form
 * `core.status.hero.<hp|atk|def|mdef> (+=|-=) <sum of products of numbers, core.values.X and the floor
 * ratio>`. Anything else (`*=`, function calls, conditions) is listed in `unread` and ignored.
 *
 * @param script - The `itemEffect` text (may be empty).
 * @param values - The tower's `values`, for `core.values.X`.
 */
export function readItemEffect(script: string, values: TowerValues): ItemEffect {
  const gains: Record<'hp' | 'atk' | 'def' | 'mdef', StatGain> = {
    hp: ZERO,
    atk: ZERO,
    def: ZERO,
    mdef: ZERO,
  };
  const unread: string[] = [];
  for (const raw of script.split(/[;\n]/)) {
    const s = raw.trim();
    if (s === '' || IGNORED.test(s)) continue;
    const m = STATEMENT.exec(s);
    const g = m === null ? null : readExpression(m[3] ?? '', values);
    if (m === null || g === null) {
      unread.push(s);
      continue;
    }
    const stat = m[1] as 'hp' | 'atk' | 'def' | 'mdef';
    const sign = m[2] === '-=' ? -1 : 1;
    const old = gains[stat];
    gains[stat] = { base: old.base + sign * g.base, perRatio: old.perRatio + sign * g.perRatio };
  }
  return { ...gains, exact: unread.length === 0, unread };
}

/** The value of a {@link StatGain} on a floor with the given ratio. */
export function gainAt(gain: StatGain, ratio: number): number {
  return gain.base + gain.perRatio * ratio;
}
