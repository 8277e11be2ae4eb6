/**
 * Reads the damage code of a tower's `functions.js` as text — never runs it — so that a tower whose
 * damage formula differs from the stock engine's can be recognised: the function is cut out by
 * bracket matching (strings, comments and regular expressions skipped), reduced to its tokens
 * (comments and layout dropped) and compared with the stock functions of every engine release.
 */
import { STOCK_FUNCTIONS } from './stock-functions.js';

/** The functions of `functions.js` that decide a battle's damage. */
export const DAMAGE_FUNCTIONS = ['getDamageInfo', 'getEnemyInfo'] as const;
export type DamageFunctionName = (typeof DAMAGE_FUNCTIONS)[number];

const REGEX_AFTER = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);
const WORD = /[\w$]/;

/**
 * Splits JavaScript text into tokens: identifiers and numbers, strings, regular expressions and single
 * punctuation characters; comments and white space are dropped. Linear in the text; never evaluates.
 */
export function jsTokens(code: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = code.length;
  while (i < n) {
    const c = code[i] ?? '';
    if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && code[i + 1] === '/') {
      while (i < n && code[i] !== '\n') i++;
    } else if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < n && code[j] !== c) j += code[j] === '\\' ? 2 : 1;
      out.push(code.slice(i, j + 1));
      i = j + 1;
    } else if (
      c === '/' &&
      (out.length === 0 ||
        REGEX_AFTER.has(out[out.length - 1] ?? '') ||
        out[out.length - 1] === 'return')
    ) {
      let j = i + 1;
      let inClass = false;
      while (j < n && code[j] !== '\n' && (code[j] !== '/' || inClass)) {
        if (code[j] === '\\') j++;
        else if (code[j] === '[') inClass = true;
        else if (code[j] === ']') inClass = false;
        j++;
      }
      while (j + 1 < n && /[a-z]/.test(code[j + 1] ?? '')) j++;
      out.push(code.slice(i, j + 1));
      i = j + 1;
    } else if (WORD.test(c)) {
      let j = i + 1;
      while (j < n && WORD.test(code[j] ?? '')) j++;
      out.push(code.slice(i, j));
      i = j;
    } else {
      out.push(c);
      i++;
    }
  }
  return out;
}

/**
 * The tokens of the function defined as `"name": function (…) {…}` (or `name: function`) in a
 * `functions.js` text, from `function` to its closing brace, or `null` when there is none.
 */
export function functionTokens(text: string, name: string): string[] | null {
  const at = new RegExp(`["']?\\b${name}["']?\\s*:\\s*function\\b`).exec(text);
  if (at === null) return null;
  const tokens = jsTokens(text.slice(at.index + at[0].length - 'function'.length));
  let depth = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t === '{') depth++;
    else if (t === '}') {
      depth--;
      if (depth === 0) return tokens.slice(0, k + 1);
    }
  }
  return null;
}

/** FNV-1a over the tokens joined by spaces: a 64-bit-ish fingerprint as 16 hex digits. */
export function fingerprint(tokens: readonly string[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  const text = tokens.join(' ');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    b = (b ^ (b >>> 15)) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** What the damage code of a tower's `functions.js` is, as far as reading it tells. */
export interface DamageCode {
  /**
   * `stock`: every damage function is one of an engine release; `custom`: some function differs from
   * every release (figures are approximate); `absent`: no `functions.js` or no damage function in it
   * (engines before 2.3.3 keep it in the engine; the stock formula is assumed).
   */
  readonly status: 'stock' | 'custom' | 'absent';
  /** Engine releases whose stock functions equal the tower's (empty unless `stock`). */
  readonly releases: readonly string[];
  /** The functions that differ from every release (for `custom`). */
  readonly differing: readonly DamageFunctionName[];
  /** `new` when the damage function reads 2.9+ monster fields (`purify`, `vampire`, …), `old` when it reads `n`/`value`/`defValue`/`atkValue`, else null. */
  readonly fields: 'new' | 'old' | null;
}

const NEW_FIELDS = /\benemy\s*\.\s*(purify|vampire|breakArmor|counterAttack)\b/;
const OLD_FIELDS =
  /\benemy\s*\.\s*(value|defValue|atkValue)\b|\benemy\s*\.\s*n\s*\|\|\s*core\s*\.\s*values\s*\.\s*purify/;

/**
 * Compares a tower's damage functions (`getDamageInfo`, `getEnemyInfo`) with the stock ones of every
 * engine release from 2.3.3 to 2.10.3, token by token (layout and comments do not count).
 *
 * @param functionsJs - The text of `functions.js`, or `undefined` when the tower has none.
 */
export function readDamageCode(functionsJs: string | undefined): DamageCode {
  const none: DamageCode = { status: 'absent', releases: [], differing: [], fields: null };
  if (functionsJs === undefined) return none;
  const damage = functionTokens(functionsJs, 'getDamageInfo');
  if (damage === null) return none;
  const joined = damage.join(' ');
  const fields = NEW_FIELDS.test(joined) ? 'new' : OLD_FIELDS.test(joined) ? 'old' : null;
  let releases: string[] | null = null;
  const differing: DamageFunctionName[] = [];
  for (const name of DAMAGE_FUNCTIONS) {
    const tokens = name === 'getDamageInfo' ? damage : functionTokens(functionsJs, name);
    if (tokens === null) continue;
    const print = fingerprint(tokens);
    const matching = STOCK_FUNCTIONS.filter((s) => s.functions[name] === print).map(
      (s) => s.release,
    );
    if (matching.length === 0) differing.push(name);
    releases = releases === null ? matching : releases.filter((r) => matching.includes(r));
  }
  if (differing.length > 0) return { status: 'custom', releases: [], differing, fields };
  return { status: 'stock', releases: releases ?? [], differing, fields };
}
