import { quoteInput } from '@puzzlekit/errors';
import type { Level } from './model.js';
import { barCovers } from './geometry.js';
import { compileLevel } from './board.js';

/** Widest and tallest board drawn cell by cell; a larger one is summed up in words. */
const MAX_DRAWN_WIDTH = 80;
const MAX_DRAWN_HEIGHT = 40;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The letter of colour `i` (a, b, …; `*` past z), capital when the screw is tappable. */
function colourLetter(i: number, tappable: boolean): string {
  const letter = LETTERS[i] ?? '*';
  return tappable ? letter.toUpperCase() : letter;
}

/**
 * A short text picture of a level for a terminal: one character per grid cell, a screw as its
 * colour's letter (capital when nothing covers it), else the layer of the top bar over the cell
 * (`+` from layer 10), `.` for no bar; then a legend. Boards wider than 80 or taller than 40 cells
 * are summed up in one line. Names from the file are quoted with control characters escaped.
 */
export function renderLevel(level: Level): string {
  const screws = level.bars.reduce((n, b) => n + b.screws.length, 0);
  const layers = new Set(level.bars.map((b) => b.layer)).size;
  const head = `${level.name === undefined ? 'level' : quoteInput(level.name)}: ${level.width}×${level.height}, ${level.bars.length} bars in ${layers} layer(s), ${screws} screws, ${level.colors.length} colour(s), tray ${level.traySize}`;
  if (level.width > MAX_DRAWN_WIDTH || level.height > MAX_DRAWN_HEIGHT) return head;
  const lv = compileLevel(level);
  const rows: string[][] = Array.from({ length: level.height }, () =>
    new Array<string>(level.width).fill('.'),
  );
  const top: number[][] = Array.from({ length: level.height }, () =>
    new Array<number>(level.width).fill(-1),
  );
  for (const bar of level.bars) {
    for (let y = 0; y < level.height; y++)
      for (let x = 0; x < level.width; x++)
        if (bar.layer > top[y]![x]! && barCovers(bar, { x: x + 0.5, y: y + 0.5 }))
          top[y]![x] = bar.layer;
  }
  for (let y = 0; y < level.height; y++)
    for (let x = 0; x < level.width; x++) {
      const layer = top[y]![x]!;
      if (layer >= 0) rows[y]![x] = layer < 10 ? String(layer) : '+';
    }
  const colourIndex = new Map(level.colors.map((c, i) => [c, i]));
  let s = 0;
  for (const bar of level.bars)
    for (const screw of bar.screws) {
      const x = Math.min(level.width - 1, Math.floor(screw.x));
      const y = Math.min(level.height - 1, Math.floor(screw.y));
      const tappable = lv.coverStart[s + 1]! === lv.coverStart[s]!;
      rows[y]![x] = colourLetter(colourIndex.get(screw.color) ?? -1, tappable);
      s++;
    }
  const legend = level.colors
    .map((c, i) => `${colourLetter(i, false)} ${quoteInput(c, 20)}`)
    .join(', ');
  return [
    head,
    ...rows.map((r) => r.join('')),
    `screws by colour (capital: nothing covers it): ${legend}; digits: the top bar's layer`,
  ].join('\n');
}
