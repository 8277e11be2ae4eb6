import { parse, type Expression, type Node, type Pattern, type Statement } from 'acorn';
import type { ItemEffect, StatGain, TowerValues } from '../model.js';
import { own } from '../lookup.js';

type Stat = 'hp' | 'atk' | 'def' | 'mdef';
const STATS: ReadonlySet<string> = new Set(['hp', 'atk', 'def', 'mdef']);
/** Hero fields an item may change that the analysis does not model: not an unread effect. */
const IGNORED: ReadonlySet<string> = new Set([
  'hpmax',
  'money',
  'exp',
  'experience',
  'mana',
  'manamax',
  'lv',
]);
/** Names of the floor's ratio: `core.status.thisMap.ratio`, old `item_ratio`, or a bare name. */
const RATIO_NAMES: ReadonlySet<string> = new Set(['ratio', 'item_ratio']);

/** A value linear in the floor ratio: `base + perRatio × ratio`. */
type Linear = StatGain;
const constant = (base: number): Linear => ({ base, perRatio: 0 });

/** The dotted path of a member chain (`core.status.hero.def`), or null when a part is computed. */
function pathOf(node: Node): string | null {
  if (node.type === 'Identifier') return (node as unknown as { name: string }).name;
  if (node.type !== 'MemberExpression') return null;
  const m = node as unknown as { object: Node; property: Node; computed: boolean };
  const head = pathOf(m.object);
  if (head === null) return null;
  if (!m.computed && m.property.type === 'Identifier')
    return `${head}.${(m.property as unknown as { name: string }).name}`;
  if (m.computed && m.property.type === 'Literal') {
    const v = (m.property as unknown as { value: unknown }).value;
    return typeof v === 'string' ? `${head}.${v}` : null;
  }
  return null;
}

const MATH: Readonly<Record<string, (...xs: number[]) => number>> = {
  'Math.floor': Math.floor,
  'Math.ceil': Math.ceil,
  'Math.round': Math.round,
  'Math.abs': Math.abs,
  'Math.max': Math.max,
  'Math.min': Math.min,
};

/**
 * Evaluates arithmetic over known names as a value linear in the floor ratio: numbers in any literal
 * form, `core.values.X`, the ratio (`core.status.thisMap.ratio`, `item_ratio`, `ratio`), names the
 * script declared, `+ − × ÷`, `a || b` and `a && b` (a ratio counts as non-zero: a floor's ratio is at
 * least 1), `c ? a : b` on a known `c`, and `Math.floor/ceil/round/abs/max/min` of constants. Null for
 * anything else (a product of two ratios, the hero's current stats, a call, an unknown name).
 */
function linear(node: Node, values: TowerValues, env: ReadonlyMap<string, Linear>): Linear | null {
  const go = (n: Node): Linear | null => linear(n, values, env);
  switch (node.type) {
    case 'Literal': {
      const v = (node as unknown as { value: unknown }).value;
      return typeof v === 'number' ? constant(v) : null;
    }
    case 'Identifier':
    case 'MemberExpression': {
      const path = pathOf(node);
      if (path === null) return null;
      const declared = env.get(path);
      if (declared !== undefined) return declared;
      if (RATIO_NAMES.has(path) || /^core\.status\.thisMap\.(ratio|item_ratio)$/.test(path))
        return { base: 0, perRatio: 1 };
      const value = /^core\.values\.([A-Za-z_$][\w$]*)$/.exec(path);
      if (value === null) return null;
      // A value data.js does not set is undefined in the engine: NaN in arithmetic, falsy in `||`.
      const v = own(values, value[1] ?? '');
      return constant(typeof v === 'number' ? v : Number.NaN);
    }
    case 'UnaryExpression': {
      const u = node as unknown as { operator: string; argument: Node };
      const a = go(u.argument);
      if (a === null) return null;
      if (u.operator === '-') return { base: -a.base, perRatio: -a.perRatio };
      return u.operator === '+' ? a : null;
    }
    case 'BinaryExpression': {
      const b = node as unknown as { operator: string; left: Node; right: Node };
      const l = go(b.left);
      const r = go(b.right);
      if (l === null || r === null) return null;
      switch (b.operator) {
        case '+':
          return { base: l.base + r.base, perRatio: l.perRatio + r.perRatio };
        case '-':
          return { base: l.base - r.base, perRatio: l.perRatio - r.perRatio };
        case '*':
          if (l.perRatio === 0) return { base: l.base * r.base, perRatio: l.base * r.perRatio };
          if (r.perRatio === 0) return { base: l.base * r.base, perRatio: l.perRatio * r.base };
          return null;
        case '/':
          return r.perRatio === 0 && r.base !== 0
            ? { base: l.base / r.base, perRatio: l.perRatio / r.base }
            : null;
        default:
          return null;
      }
    }
    case 'LogicalExpression': {
      const g = node as unknown as { operator: string; left: Node; right: Node };
      const l = go(g.left);
      if (l === null) return null;
      const truthy = l.perRatio !== 0 ? l.base === 0 || null : Boolean(l.base);
      if (truthy === null) return null; // base + k·ratio may be 0 on some floor: unknown
      if (g.operator === '||') return truthy ? l : go(g.right);
      if (g.operator === '&&') return truthy ? go(g.right) : l;
      return null;
    }
    case 'ConditionalExpression': {
      const c = node as unknown as { test: Node; consequent: Node; alternate: Node };
      const t = go(c.test);
      if (t === null || t.perRatio !== 0) return null;
      return t.base !== 0 ? go(c.consequent) : go(c.alternate);
    }
    case 'CallExpression': {
      const call = node as unknown as { callee: Node; arguments: readonly Node[] };
      const fn = MATH[pathOf(call.callee) ?? ''];
      if (fn === undefined) return null;
      const args = call.arguments.map(go);
      if (args.some((a) => a === null || a.perRatio !== 0)) return null;
      return constant(fn(...args.map((a) => a?.base ?? 0)));
    }
    default:
      return null;
  }
}

/** The hero stat a target names (`core.status.hero.def`, `core.status.hero['def']`), or null. */
function heroField(target: Pattern | Expression): string | null {
  const path = pathOf(target);
  const m = path === null ? null : /^core\.status\.hero\.([A-Za-z_$][\w$]*)$/.exec(path);
  return m === null ? null : (m[1] ?? null);
}

/**
 * Reads an item's `itemEffect` script without running it: it is parsed by a JavaScript parser, and
 * each statement `core.status.hero.<hp|atk|def|mdef> (+=|-=|=) …` whose right side is arithmetic over
 * known names (see the rules of the evaluator: numbers in any form, `core.values.X`, the floor ratio,
 * `a || b`, names the script declares with `var`) becomes a gain `base + perRatio × ratio`, so
 * `def += blueGem * (item_ratio || ratio)` and potions written as expressions are read. Changes to
 * fields the analysis does not model (`hpmax`, `money`, `exp`…) are ignored. Anything else (`*=`, calls,
 * conditions on the hero) is listed in `unread` — the effect is then not exact.
 *
 * @param script - The `itemEffect` text (may be empty).
 * @param values - The tower's `values`, for `core.values.X`.
 */
export function readItemEffect(script: string, values: TowerValues): ItemEffect {
  const gains: Record<Stat, StatGain> = {
    hp: constant(0),
    atk: constant(0),
    def: constant(0),
    mdef: constant(0),
  };
  const unread: string[] = [];
  let body: readonly Statement[];
  try {
    body = parse(script, { ecmaVersion: 'latest', sourceType: 'script' }).body as Statement[];
  } catch {
    return {
      ...gains,
      exact: script.trim() === '',
      unread: script.trim() === '' ? [] : [script.trim()],
    };
  }
  const env = new Map<string, Linear>();
  const text = (n: Node): string => script.slice(n.start, n.end).trim();
  const add = (stat: Stat, sign: number, g: Linear): void => {
    const old = gains[stat];
    gains[stat] = { base: old.base + sign * g.base, perRatio: old.perRatio + sign * g.perRatio };
  };
  const statement = (s: Node): void => {
    if (s.type === 'EmptyStatement') return;
    if (s.type === 'VariableDeclaration') {
      for (const d of (
        s as unknown as { declarations: readonly { id: Pattern; init?: Expression | null }[] }
      ).declarations) {
        const value = d.init ? linear(d.init, values, env) : null;
        if (d.id.type === 'Identifier' && value !== null) env.set(d.id.name, value);
      }
      return;
    }
    if (s.type === 'ExpressionStatement') {
      const e = (s as unknown as { expression: Expression }).expression;
      if (e.type === 'SequenceExpression') {
        for (const x of e.expressions) expression(x);
        return;
      }
      expression(e);
      return;
    }
    unread.push(text(s));
  };
  const expression = (e: Expression): void => {
    if (e.type !== 'AssignmentExpression') {
      unread.push(text(e));
      return;
    }
    const field = heroField(e.left);
    if (field !== null && IGNORED.has(field)) return;
    if (field === null || !STATS.has(field)) {
      unread.push(text(e));
      return;
    }
    const stat = field as Stat;
    let gain: Linear | null = null;
    let sign = 1;
    if (e.operator === '+=' || e.operator === '-=') {
      gain = linear(e.right, values, env);
      sign = e.operator === '-=' ? -1 : 1;
    } else if (
      e.operator === '=' &&
      e.right.type === 'BinaryExpression' &&
      (e.right.operator === '+' || e.right.operator === '-') &&
      heroField(e.right.left as Expression) === stat
    ) {
      // `hero.def = hero.def + x`: the same as `hero.def += x`.
      gain = linear(e.right.right, values, env);
      sign = e.right.operator === '-' ? -1 : 1;
    }
    if (gain === null || !Number.isFinite(gain.base) || !Number.isFinite(gain.perRatio))
      unread.push(text(e));
    else add(stat, sign, gain);
  };
  for (const s of body) statement(s);
  return { ...gains, exact: unread.length === 0, unread };
}

/** The value of a {@link StatGain} on a floor with the given ratio. */
export function gainAt(gain: StatGain, ratio: number): number {
  return gain.base + gain.perRatio * ratio;
}
