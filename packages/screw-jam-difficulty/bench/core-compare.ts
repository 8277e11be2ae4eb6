// Before/after figures of the move onto @puzzlekit/graph-search (issue 14): the solver on the
// shared depthFirstSearch against the hand-written search it replaced (bench/before/solve.ts), and
// the generator (split, no JSON round trip, one replay fewer) against its previous form
// (bench/before/generate.ts). Same inputs; CPU time, the two run alternately (compareCpu).
import { compareCpu, fmt, table } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import { formatLevel, generateLevel, solveLevel, type Level } from '../src/index.js';
import { solveLevel as solveBefore } from './before/solve.js';
import { generateLevel as generateBefore } from './before/generate.js';

/** A solver case: the level, a box order, the box positions. */
interface Case {
  readonly name: string;
  readonly level: Level;
  readonly boxes: readonly string[];
  readonly slots: 1 | 2;
}

function solverCase(colors: number, slots: 1 | 2, seed: number, shuffles: number): Case {
  const level = generateLevel({ colors, layers: 5, width: 6, height: 8, seed });
  const rng = Rng.from(seed + 100);
  let boxes = rng.shuffled(level.solution!.boxes);
  for (let i = 0; i < shuffles; i++) boxes = rng.shuffled(level.solution!.boxes);
  return { name: `${colors} colours, ${slots} box position(s), seed ${seed}`, level, boxes, slots };
}

export function coreCompare(): void {
  console.log(
    '\nmoved onto the core (CPU µs per call, alternate rounds, median of per-round ratios):',
  );
  const rows: (string | number)[][] = [
    ['hot path', 'result', 'positions', 'before CPU µs', 'after CPU µs', 'after / before'],
  ];
  const cases = [
    solverCase(6, 1, 1, 0),
    solverCase(10, 2, 4, 0),
    solverCase(8, 1, 3, 0),
    solverCase(8, 1, 5, 2),
  ];
  for (const c of cases) {
    const opts = { boxes: c.boxes, boxSlots: c.slots, maxNodes: 1e7, nodeBudget: 1e7 };
    const after = solveLevel(c.level, opts);
    const before = solveBefore(c.level, opts);
    if (JSON.stringify(after.taps) !== JSON.stringify(before.taps))
      throw new Error(`solver answers differ on ${c.name}`);
    const r = compareCpu(
      () => solveBefore(c.level, opts),
      () => solveLevel(c.level, opts),
      7,
      Math.min(400, Math.max(60, before.nodes / 100)),
    );
    rows.push([
      `solve: ${c.name}`,
      after.status,
      after.nodes,
      fmt(r.referenceUs, 0),
      fmt(r.candidateUs, 0),
      `${fmt(r.ratio, 2)}×`,
    ]);
  }
  for (const [colors, w, h] of [
    [6, 8, 10],
    [12, 10, 12],
  ] as const) {
    const opts = { colors, width: w, height: h, layers: 5, seed: 7 };
    if (formatLevel(generateLevel(opts)) !== formatLevel(generateBefore(opts)))
      throw new Error('generated levels differ');
    const r = compareCpu(
      () => generateBefore(opts),
      () => generateLevel(opts),
    );
    rows.push([
      `generate: ${colors} colours, ${w}×${h}, 5 layers`,
      'same level',
      '–',
      fmt(r.referenceUs, 0),
      fmt(r.candidateUs, 0),
      `${fmt(r.ratio, 2)}×`,
    ]);
  }
  table(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) coreCompare();
