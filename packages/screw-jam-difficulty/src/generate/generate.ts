import { InvalidInputError, PuzzlekitError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  gaveUpResult,
  solvedResult,
  type Budget,
  type JobResult,
} from '@puzzlekit/job';
import type { Rng } from '@puzzlekit/rng';
import type { Bar, Level, LevelSolution, Screw } from '../model.js';
import { compileLevel, type CompiledLevel } from '../board.js';
import { validateLevel } from '../format/level.js';
import { replayCompiled, type ReplayResult } from '../simulate/simulate.js';

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
  /** The level's name (default none). */
  readonly name?: string;
}

/** A generated level with the replay of its recorded play (done once, under the real rules). */
export interface GeneratedLevel {
  /** The level, carrying its winning play as `solution`. */
  readonly level: Level;
  /** The recorded play replayed: always won, with the largest tray load it used. */
  readonly replay: ReplayResult;
}

function checkInt(name: string, v: number, lo: number, hi: number): number {
  if (!Number.isInteger(v) || v < lo || v > hi)
    throw new InvalidInputError(`${name} must be a whole number in ${lo}..${hi}, got ${v}`, {
      path: `$.${name}`,
      code: 'INVALID_OPTIONS',
    });
  return v;
}

/** The checked sizes of a generation. */
interface Sizes {
  readonly colors: number;
  readonly boxesPer: number;
  readonly layers: number;
  readonly width: number;
  readonly height: number;
  readonly slack: number;
  /** Screws in all: 3 per box. */
  readonly screws: number;
}

function checkSizes(options: GenerateOptions): Sizes {
  const colors = checkInt('colors', options.colors, 1, 64);
  const boxesPer = checkInt('boxesPerColor', options.boxesPerColor ?? 2, 1, 20);
  const layers = checkInt('layers', options.layers ?? 4, 1, 20);
  const width = checkInt('width', options.width ?? 8, 2, 200);
  const height = checkInt('height', options.height ?? 10, 2, 200);
  const slack = checkInt('traySlack', options.traySlack ?? 2, 0, 4);
  return { colors, boxesPer, layers, width, height, slack, screws: colors * boxesPer * 3 };
}

/** A bar as laid: its layer, its cells, and its screws (colours come later). */
interface LaidBar {
  readonly layer: number;
  readonly cells: [number, number][];
  readonly screws: { x: number; y: number }[];
}

/**
 * Step 1, the geometry: straight sticks of 2–4 cells laid layer by layer, none overlapping within a
 * layer, each with a screw at both end cells (a 1-screw bar closes the count); the screws are spread
 * evenly over the layers.
 */
function layBars(rng: Rng, z: Sizes): LaidBar[] {
  const { layers, width, height, screws: S } = z;
  const bars: LaidBar[] = [];
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
  return bars;
}

/**
 * Step 2: a random order of removing every screw that respects covering — only uncovered screws are
 * taken, and a bar falls (uncovering what lies under it) when its last screw is gone.
 */
function removalOrder(rng: Rng, lv: CompiledLevel): number[] {
  const S = lv.nScrews;
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
  return order;
}

/**
 * Step 4: swaps the colours of two screws close in the removal order, at random, keeping each swap
 * only while the recorded play still wins within the tray slack. Colours do not change the geometry:
 * one compiled board, whose screw colours are rewritten in place, serves every replay (swaps keep
 * the count of each colour, so N and the totals stay valid). Returns the replay of the colouring
 * kept, or null when no swap was kept (nothing replayed it yet).
 */
function shuffleColours(
  rng: Rng,
  colored: CompiledLevel & { screwColor: Int32Array },
  solution: LevelSolution,
  colorAt: Int32Array,
  slack: number,
  meter: BudgetMeter,
): { kept: ReplayResult | null; stoppedBy: ReturnType<BudgetMeter['spend']> } {
  const order = solution.taps;
  const S = order.length;
  const paint = (i: number): void => {
    colored.screwColor[order[i]!] = colorAt[i]!;
  };
  for (let i = 0; i < S; i++) paint(i);
  if (slack === 0) return { kept: null, stoppedBy: null };
  // The swaps tried are fixed (2 per screw), each a replay linear in the screws: one unit of work.
  const attempts = S * 2;
  let kept: ReplayResult | null = null;
  for (let t = 0; t < attempts; t++) {
    const bound = meter.spend();
    if (bound !== null) return { kept, stoppedBy: bound };
    const i = rng.below(S);
    const j = Math.min(S - 1, i + rng.int(1, 6));
    if (colorAt[i] === colorAt[j]) continue;
    const ci = colorAt[i]!;
    colorAt[i] = colorAt[j]!;
    colorAt[j] = ci;
    paint(i);
    paint(j);
    const r = replayCompiled(colored, solution);
    if (r.won && r.maxTray <= slack) kept = r;
    else {
      colorAt[j] = colorAt[i]!;
      colorAt[i] = ci;
      paint(i);
      paint(j);
    }
  }
  return { kept, stoppedBy: null };
}

/** The level as plain data: the laid bars with each screw's colour from its place in the removal order. */
function buildLevel(
  name: string | undefined,
  z: Sizes,
  bars: readonly LaidBar[],
  colors: readonly string[],
  solution: LevelSolution,
  colorAt: Int32Array,
): Level {
  const screwColor = new Int32Array(z.screws);
  solution.taps.forEach((s, i) => (screwColor[s] = colorAt[i]!));
  let g = 0;
  const outBars: Bar[] = bars.map((b) => ({
    layer: b.layer,
    cells: b.cells,
    screws: b.screws.map((p): Screw => ({ x: p.x, y: p.y, color: colors[screwColor[g++]!]! })),
  }));
  return {
    ...(name === undefined ? {} : { name }),
    width: z.width,
    height: z.height,
    colors,
    traySize: 5,
    bars: outBars,
    solution,
  };
}

/** The generator's work unit: colour swaps tried (each checked by one replay of the recorded play). */
export const GENERATE_UNIT = 'candidates';

/**
 * Generates a random level winnable by construction. Bars are straight sticks of 2–4 grid cells,
 * laid layer by layer (no overlap within a layer) with a screw at each end cell's centre (a 1-screw
 * bar closes the count). A random order of removing screws is drawn that respects covering (only
 * uncovered screws, bars falling when empty); the box order is a random sequence of the colours, and
 * screws get colours so that tapping them in that order fills the boxes in turn; then colours are
 * swapped at random (two candidate swaps per screw, the work unit `candidates`) while the recorded
 * play still wins with at most `traySlack` tray screws. The level carries that play as `solution`,
 * replayed under the real rules (two box positions, tray of 5): the result holds the replay too.
 * Winnable means: with boxes spawned in the recorded order.
 *
 * The level depends only on `options` and the stream `rng`. A budget that runs out before every swap
 * was tried gives `gave-up` with the level as it stood as `partial` (still winnable, less mixed).
 *
 * @throws InvalidInputError (code `INVALID_OPTIONS`) for sizes out of range or a board too small.
 */
export function generateLevel(
  options: GenerateOptions,
  rng: Rng,
  budget: Budget = {},
): JobResult<GeneratedLevel, GeneratedLevel> {
  const z = checkSizes(options);
  const meter = new BudgetMeter(budget, { unit: GENERATE_UNIT });
  const colors = Array.from({ length: z.colors }, (_, i) => PALETTE[i] ?? `c${i + 1}`);
  const bars = layBars(rng, z);
  // Covering depends on the geometry only: compile it once, with one placeholder colour.
  const lv = compileLevel({
    width: z.width,
    height: z.height,
    colors: ['x'],
    traySize: 5,
    bars: bars.map((b) => ({ ...b, screws: b.screws.map((s) => ({ ...s, color: 'x' })) })),
  });
  const order = removalOrder(rng, lv);

  // 3. Box order and colouring in blocks of three: the i-th screw tapped goes into box i / 3.
  const boxes: number[] = [];
  for (let c = 0; c < z.colors; c++) for (let k = 0; k < z.boxesPer; k++) boxes.push(c);
  rng.shuffle(boxes);
  const colorAt = new Int32Array(z.screws); // colour of the i-th tapped screw
  for (let i = 0; i < z.screws; i++) colorAt[i] = boxes[Math.floor(i / 3)]!;
  const solution = { boxes: boxes.map((c) => colors[c]!), taps: order };

  const colored = colorCompiled(lv, colors, boxes, z.boxesPer);
  const { kept, stoppedBy } = shuffleColours(rng, colored, solution, colorAt, z.slack, meter);
  // validateLevel copies what it checks: the level returned shares no array with the generator.
  const level = validateLevel(buildLevel(options.name, z, bars, colors, solution, colorAt));
  // Replayed from scratch when the last swap tried was not kept: `colored` then holds that colouring.
  const replay = kept ?? replayCompiled(colored, solution);
  if (!replay.won)
    throw new PuzzlekitError('INTERNAL', `generator: recorded play failed: ${replay.reason}`);
  const made = { level, replay };
  return stoppedBy === null
    ? solvedResult(made, meter.work)
    : gaveUpResult(meter.gaveUp(stoppedBy), meter.work, made);
}

/**
 * The blank compiled board with real colours: the covering tables are shared, screw colours start
 * at 0 and are painted by the caller; colour totals follow from the box list (3 screws a box).
 */
function colorCompiled(
  lv: CompiledLevel,
  colors: readonly string[],
  boxes: readonly number[],
  boxesPer: number,
): CompiledLevel & { screwColor: Int32Array } {
  const colorTotal = new Int32Array(colors.length);
  for (const c of boxes) colorTotal[c]! += 3;
  return {
    ...lv,
    colors,
    screwColor: new Int32Array(lv.nScrews),
    colorTotal,
    maxPerColor: boxesPer * 3,
  };
}
