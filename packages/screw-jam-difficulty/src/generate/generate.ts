import { InvalidInputError, PuzzlekitError } from '@puzzlekit/errors';
import { Rng, type Seed } from '@puzzlekit/rng';
import type { Bar, Level, Screw } from '../model.js';
import { compileLevel } from '../board.js';
import { validateLevel } from '../format/level.js';
import { replaySolution } from '../simulate/simulate.js';

/** Colour names used by the generator (then `c17`, `c18`, …). */
export const PALETTE: readonly string[] = [
  'red',
  'blue',
  'green',
  'yellow',
  'purple',
  'orange',
  'pink',
  'cyan',
  'brown',
  'white',
  'black',
  'gray',
  'lime',
  'navy',
  'teal',
  'gold',
];

/** Options of {@link generateLevel}. */
export interface GenerateOptions {
  /** Number of colours (1..64). */
  readonly colors: number;
  /** Boxes per colour (1..20); each colour gets 3 × this many screws (default 2). */
  readonly boxesPerColor?: number;
  /** Layers of bars (1..20, default 4). */
  readonly layers?: number;
  /** Board width in cells (default 8). */
  readonly width?: number;
  /** Board height in cells (default 10). */
  readonly height?: number;
  /** Most tray screws the recorded solution may use, 0..4 (default 2): 0 = never uses the tray. */
  readonly traySlack?: number;
  /** Seed. */
  readonly seed: Seed;
}

function checkInt(name: string, v: number, lo: number, hi: number): number {
  if (!Number.isInteger(v) || v < lo || v > hi)
    throw new InvalidInputError(`${name} must be a whole number in ${lo}..${hi}, got ${v}`, {
      path: `$.${name}`,
      code: 'INVALID_OPTIONS',
    });
  return v;
}

/**
 * Generates a random level winnable by construction. Bars are straight sticks of 2–4 grid cells,
 * laid layer by layer (no overlap within a layer) with a screw at each end cell's centre (a 1-screw
 * bar closes the count). A random order of removing screws is drawn that respects covering (only
 * uncovered screws, bars falling when empty); the box order is a random sequence of the colours, and
 * screws get colours so that tapping them in that order fills the boxes in turn; then colours are
 * swapped at random while the recorded play still wins with at most `traySlack` tray screws. The
 * level carries that play as `solution`, and the generator replays it under the real rules before
 * returning (two box positions, tray of 5). Winnable means: with boxes spawned in the recorded order.
 */
export function generateLevel(options: GenerateOptions): Level {
  const C = checkInt('colors', options.colors, 1, 64);
  const boxesPer = checkInt('boxesPerColor', options.boxesPerColor ?? 2, 1, 20);
  const layers = checkInt('layers', options.layers ?? 4, 1, 20);
  const width = checkInt('width', options.width ?? 8, 2, 200);
  const height = checkInt('height', options.height ?? 10, 2, 200);
  const slack = checkInt('traySlack', options.traySlack ?? 2, 0, 4);
  const rng = Rng.from(options.seed);
  const S = C * boxesPer * 3;
  const colors = Array.from({ length: C }, (_, i) => PALETTE[i] ?? `c${i + 1}`);

  // 1. Geometry: bars with screws (colours come later).
  const bars: { layer: number; cells: [number, number][]; screws: { x: number; y: number }[] }[] =
    [];
  let placed = 0;
  for (let layer = 0; layer < layers && placed < S; layer++) {
    const want =
      layer === layers - 1
        ? S - placed
        : Math.min(S - placed, Math.round((S - placed) / (layers - layer)));
    const used = new Uint8Array(width * height);
    let got = 0;
    let tries = 0;
    while (got < want && tries < 400) {
      tries++;
      const len = rng.int(2, 4);
      const horizontal = rng.bool();
      const w = horizontal ? len : 1;
      const h = horizontal ? 1 : len;
      if (w > width || h > height) continue;
      const x0 = rng.int(0, width - w);
      const y0 = rng.int(0, height - h);
      const cells: [number, number][] = [];
      let free = true;
      for (let k = 0; k < len; k++) {
        const x = x0 + (horizontal ? k : 0);
        const y = y0 + (horizontal ? 0 : k);
        if (used[y * width + x]) free = false;
        cells.push([x, y]);
      }
      if (!free) continue;
      for (const [x, y] of cells) used[y * width + x] = 1;
      const n = Math.min(2, want - got);
      const ends = n === 1 ? [cells[rng.below(len)]!] : [cells[0]!, cells[len - 1]!];
      bars.push({ layer, cells, screws: ends.map(([x, y]) => ({ x: x + 0.5, y: y + 0.5 })) });
      got += n;
    }
    placed += got;
  }
  if (placed < S)
    throw new InvalidInputError(
      `a ${width}×${height} board with ${layers} layers cannot hold ${S} screws; enlarge it or add layers`,
      { code: 'INVALID_OPTIONS' },
    );

  // 2. A removal order respecting covering.
  const blank: Level = {
    width,
    height,
    colors: ['x'],
    traySize: 5,
    bars: bars.map((b) => ({ ...b, screws: b.screws.map((s) => ({ ...s, color: 'x' })) })),
  };
  const lv = compileLevel(blank);
  const depth = new Int32Array(S);
  for (let s = 0; s < S; s++) depth[s] = lv.coverStart[s + 1]! - lv.coverStart[s]!;
  const barLeft = Int32Array.from(lv.barScrewCount);
  const gone = new Uint8Array(S);
  const order: number[] = [];
  const open: number[] = [];
  for (let s = 0; s < S; s++) if (depth[s] === 0) open.push(s);
  while (open.length > 0) {
    const k = rng.below(open.length);
    const s = open[k]!;
    open[k] = open[open.length - 1]!;
    open.pop();
    gone[s] = 1;
    order.push(s);
    const b = lv.screwBar[s]!;
    if (--barLeft[b]! === 0) {
      for (let i = lv.coveredStart[b]!; i < lv.coveredStart[b + 1]!; i++) {
        const t = lv.coveredList[i]!;
        if (--depth[t]! === 0 && !gone[t]) open.push(t);
      }
    }
  }
  if (order.length !== S)
    throw new PuzzlekitError('INTERNAL', 'generator: removal order incomplete');

  // 3. Box order and colouring in blocks of three.
  const boxes: number[] = [];
  for (let c = 0; c < C; c++) for (let k = 0; k < boxesPer; k++) boxes.push(c);
  rng.shuffle(boxes);
  const colorAt = new Int32Array(S); // colour of the i-th tapped screw
  for (let i = 0; i < S; i++) colorAt[i] = boxes[Math.floor(i / 3)]!;

  const build = (): Level => {
    const screwColor = new Int32Array(S);
    order.forEach((s, i) => (screwColor[s] = colorAt[i]!));
    let g = 0;
    const outBars: Bar[] = bars.map((b) => ({
      layer: b.layer,
      cells: b.cells,
      screws: b.screws.map((p): Screw => ({ x: p.x, y: p.y, color: colors[screwColor[g++]!]! })),
    }));
    return {
      name: `generated ${String(options.seed)}`,
      width,
      height,
      colors,
      traySize: 5,
      bars: outBars,
      solution: { boxes: boxes.map((c) => colors[c]!), taps: order },
    };
  };

  // 4. Shuffle colours while the recorded play still wins within the tray slack.
  if (slack > 0) {
    const attempts = S * 2;
    for (let t = 0; t < attempts; t++) {
      const i = rng.below(S);
      const j = Math.min(S - 1, i + rng.int(1, 6));
      if (colorAt[i] === colorAt[j]) continue;
      const ci = colorAt[i]!;
      colorAt[i] = colorAt[j]!;
      colorAt[j] = ci;
      const lvl = build();
      const r = replaySolution(lvl, lvl.solution!);
      if (!r.won || r.maxTray > slack) {
        colorAt[j] = colorAt[i]!;
        colorAt[i] = ci;
      }
    }
  }
  const level = validateLevel(JSON.parse(JSON.stringify(build())) as unknown);
  const check = replaySolution(level, level.solution!);
  if (!check.won)
    throw new PuzzlekitError('INTERNAL', `generator: recorded play failed: ${check.reason}`);
  return level;
}
