/* Figures for the README: solve speed, rating speed, generation rate per band, Beautiful Garden. */
import { fmt, header, measure, table, timeOnce } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import { valueOf } from '@puzzlekit/job';
import {
  PAPER_TABLE,
  compareRatings,
  fitDifficulty,
  generatePuzzle,
  paperTrace,
  rateByDeduction,
  solve,
  explainNoSolution,
  hint,
  type Animal,
  type Puzzle,
} from '../src/index.js';
import { generateGardenLevel, solveGarden, type GeneratedGarden } from '../src/garden/index.js';
import { LEVEL_50 } from '../src/fixtures.js';
import { compareWithRef } from './compare-ref.js';

header('@puzzlekit/animal-grid');

const OPEN: Puzzle = { animals: { panda: 5, lion: 2, hippo: 2 }, constraints: [] };

const rng = Rng.from('bench');
const generated = Array.from({ length: 200 }, () => valueOf(generatePuzzle(rng))!.puzzle);
let k = 0;
const next = (): Puzzle => generated[k++ % generated.length]!;

const us = (ms: number): string => fmt(ms * 1000, 1);
console.log('### Solve (all solutions, exact)\n');
const rows: (string | number)[][] = [['puzzle', 'µs per solve (median)', 'solves/s']];
for (const [name, fn] of [
  ['Level 50 (1 solution)', () => solve(LEVEL_50)],
  ['200 generated unique puzzles, round robin', () => solve(next())],
  [
    'no conditions: 5 pandas, 2 lions, 2 hippos (756 solutions)',
    () => solve(OPEN, { listLimit: Infinity }),
  ],
] as const) {
  const m = measure(fn, 700);
  rows.push([name, us(m.medianMs), fmt(m.perSecond, 0)]);
}
table(rows);

console.log('\n### Rate\n');
const rateRows: (string | number)[][] = [['rating', 'µs per puzzle (median, generated set)']];
rateRows.push(['paper trace (X1..X4, N)', us(measure(() => paperTrace(next()), 700).medianMs)]);
rateRows.push(['deduction rating', us(measure(() => rateByDeduction(next()), 700).medianMs)]);
rateRows.push(['hint from the empty board', us(measure(() => hint(next(), []), 700).medianMs)]);
table(rateRows);

console.log('\n### Explain a puzzle with no solution\n');
// Each generated puzzle plus two conditions that clash (tiger above panda, panda above tiger), so
// the explanation must search for the clashing set rather than read it off the absolute conditions.
const clashing = generated.map((p): Puzzle => {
  const [a, b] = Object.keys(p.animals) as Animal[];
  return {
    ...p,
    constraints: [
      ...p.constraints,
      { type: 'relativeHeight', animal: a!, relation: 'higher', than: b! } as const,
      { type: 'relativeHeight', animal: b!, relation: 'higher', than: a! } as const,
    ],
  };
});
let c = 0;
table([
  ['case', 'µs per explanation (median)'],
  [
    'generated puzzle + two clashing conditions',
    us(measure(() => explainNoSolution(clashing[c++ % clashing.length]!), 300).medianMs),
  ],
]);

console.log('\n### Generate (unique, minimal, in band; 200 candidates each)\n');
const genRows: (string | number)[][] = [
  ['rating', 'band', 'puzzles', 'candidates', 'seconds', 'candidates/s'],
];
for (const [rating, band] of [
  ['paper', [0, 15]],
  ['paper', [15, 30]],
  ['paper', [30, 60]],
  ['deduction', [10, 20]],
  ['deduction', [30, 45]],
] as const) {
  const g = Rng.from(`band-${rating}-${band[0]}`);
  let candidates = 0;
  let made = 0;
  // A fixed amount of work (candidates), timed: the same puzzles on any machine.
  const t = timeOnce(() => {
    while (candidates < 200) {
      const r = generatePuzzle(g, { band, rating }, { maxWork: 200 - candidates });
      candidates += r.work;
      if (r.outcome.kind === 'solved') made++;
    }
  });
  genRows.push([
    rating,
    `${band[0]}..${band[1]}`,
    made,
    candidates,
    fmt(t.ms / 1000, 2),
    fmt((candidates * 1000) / t.ms, 1),
  ]);
}
table(genRows);

console.log('\n### The two ratings on 300 generated puzzles\n');
const cmpRng = Rng.from('compare');
const cmp = compareRatings(
  Array.from({ length: 300 }, () => valueOf(generatePuzzle(cmpRng))!.puzzle),
);
table([
  ['', 'vs summed deduction cost', 'vs hardest step'],
  ['Spearman ρ with D', fmt(cmp.spearmanTotal, 3), fmt(cmp.spearmanHardest, 3)],
  ['Kendall τ-b with D', fmt(cmp.kendallTotal, 3), fmt(cmp.kendallHardest, 3)],
]);
const hardest = new Map<number, number>();
for (const r of cmp.rows) hardest.set(r.hardest, (hardest.get(r.hardest) ?? 0) + 1);
console.log(
  `\nhardest step histogram: ${[...hardest.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([h, n]) => `${h}: ${n}`)
    .join(', ')}`,
);

console.log('\n### Refit of the paper table\n');
const train = PAPER_TABLE.filter((r) => r.level <= 23);
const fitRows: (string | number)[][] = [['rows', 'method', 'a1', 'a2', 'a3', 'b1', 'b2', 'SSE']];
for (const [label, rowsIn, opts] of [
  ['levels 1–23', train, { fixedExponents: { b1: 6 / 12, b2: 7 / 12 } }],
  ['levels 1–23', train, {}],
  ['levels 1–50 without 33', PAPER_TABLE.filter((r) => r.level !== 33), {}],
] as const) {
  const f = fitDifficulty(rowsIn, opts);
  const c = f.coefficients;
  fitRows.push([
    label,
    f.method,
    c.a1.toFixed(4),
    c.a2.toFixed(4),
    c.a3.toFixed(4),
    c.b1.toFixed(4),
    c.b2.toFixed(4),
    f.sse.toFixed(3),
  ]);
}
table(fitRows);

console.log('\n### Beautiful Garden\n');
const gardenRows: (string | number)[][] = [
  ['size', 'levels', 'attempts', 'levels/s', 'µs per full solve (median)'],
];
for (const size of [2, 3, 4, 5, 6, 8]) {
  const g = Rng.from(`garden-${size}`);
  let made = 0;
  let attempts = 0;
  const levels: GeneratedGarden[] = [];
  // A fixed amount of work (attempts), timed.
  const t = timeOnce(() => {
    while (attempts < 2000) {
      const r = generateGardenLevel(g, { size }, { maxWork: 2000 - attempts });
      attempts += r.work;
      if ('value' in r) {
        made++;
        levels.push(r.value);
      }
    }
  });
  let j = 0;
  const solveMs =
    levels.length > 0
      ? measure(() => solveGarden(levels[j++ % levels.length]!.level), 300).medianMs
      : NaN;
  gardenRows.push([size, made, attempts, fmt((made * 1000) / t.ms, 1), us(solveMs)]);
}
table(gardenRows);
await compareWithRef();
