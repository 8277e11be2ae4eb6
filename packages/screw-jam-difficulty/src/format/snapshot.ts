import { quoteInput } from '@puzzlekit/errors';
import type { Snapshot } from '../model.js';
import { arr, fail, int, obj, onlyKeys, parseJsonText, str } from './json.js';

const CODE = 'INVALID_SNAPSHOT';

/**
 * Checks an engine snapshot (parsed JSON) and returns it typed. Rules: `maxPerColor` (N) is a
 * whole number ≥ 0; depths and layers (optional; the article's layer reading needs them) are whole
 * numbers ≥ 0; the tray holds at most `traySize` screws; the
 * current box has 0..2 screws in it (a full box has left); no colour has more screws left (board +
 * tray + current box) than N. Errors are `InvalidInputError`s with code `INVALID_SNAPSHOT` and a JSON path.
 */
export function validateSnapshot(input: unknown, traySize = 5): Snapshot {
  const o = obj(input, '$', CODE);
  onlyKeys(o, ['maxPerColor', 'screws', 'tray', 'currentBox'], '$', CODE);
  const maxPerColor = int(o.maxPerColor, '$.maxPerColor', 0, 1_000_000_000, CODE);
  const screws = arr(o.screws, '$.screws', CODE).map((s, i) => {
    const p = `$.screws[${i}]`;
    const so = obj(s, p, CODE);
    onlyKeys(so, ['color', 'depth', 'layer'], p, CODE);
    const color = str(so.color, `${p}.color`, CODE);
    const depth = int(so.depth, `${p}.depth`, 0, 1_000_000, CODE);
    return so.layer === undefined
      ? { color, depth }
      : { color, depth, layer: int(so.layer, `${p}.layer`, 0, 1_000_000, CODE) };
  });
  const trayIn = o.tray === undefined ? [] : arr(o.tray, '$.tray', CODE);
  if (trayIn.length > traySize)
    fail('$.tray', `the tray holds at most ${traySize} screws, got ${trayIn.length}`, CODE);
  const tray = trayIn.map((c, i) => str(c, `$.tray[${i}]`, CODE));
  let currentBox: Snapshot['currentBox'] = null;
  if (o.currentBox !== undefined && o.currentBox !== null) {
    const bo = obj(o.currentBox, '$.currentBox', CODE);
    onlyKeys(bo, ['color', 'filled'], '$.currentBox', CODE);
    currentBox = {
      color: str(bo.color, '$.currentBox.color', CODE),
      filled: bo.filled === undefined ? 0 : int(bo.filled, '$.currentBox.filled', 0, 2, CODE),
    };
  }
  const left = new Map<string, number>();
  for (const s of screws) left.set(s.color, (left.get(s.color) ?? 0) + 1);
  for (const c of tray) left.set(c, (left.get(c) ?? 0) + 1);
  if (currentBox) left.set(currentBox.color, (left.get(currentBox.color) ?? 0) + currentBox.filled);
  for (const [c, n] of left) {
    if (n > maxPerColor)
      fail(
        '$.maxPerColor',
        `N = ${maxPerColor} but colour ${quoteInput(c)} still has ${n} screws (N is the largest count of one colour at the level's start)`,
        CODE,
      );
  }
  return { maxPerColor, screws, tray, currentBox };
}

/** Parses snapshot JSON text (syntax errors with line and column, content errors with a JSON path). */
export function parseSnapshot(text: string, source?: string, traySize = 5): Snapshot {
  return validateSnapshot(parseJsonText(text, source), traySize);
}
