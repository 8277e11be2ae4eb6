// Before/after figures of the move onto @puzzlekit/grid and @puzzlekit/graph-search (issue 14): the
// Beautiful Garden solver with its reach test on CellSearch and its growth on a padded board with
// neighbourOffsets, counting on a BudgetMeter, against the hand-written solver it replaced
// (bench/before/garden-solve.ts). Same levels, same answers (checked here); CPU time, the two run
// alternately (compareCpu), the median of the per-round ratios.
import { compareCpu, fmt, table } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import { generateGardenLevel, PAPER_FLOWERS, solveGarden, type GardenLevel } from '../src/index.js';
import { solveGarden as solveBefore } from './before/garden-solve.js';

/** Levels of one size from the generator, with a fixed seed. */
function levelsOf(size: number, count: number): GardenLevel[] {
  const rng = Rng.from(`compare-${size}`);
  const out: GardenLevel[] = [];
  while (out.length < count) {
    const g = generateGardenLevel(rng, { size });
    if (g) out.push(g.level);
  }
  return out;
}

/** 16×16, one wet region, 8 roses, 3 rounds: a search that only stops at its node budget. */
function openField(): GardenLevel {
  const n = 16;
  return {
    size: n,
    humidity: new Array<number>(n * n).fill(55),
    flowerTypes: PAPER_FLOWERS,
    seeds: { rose: 8 },
    rounds: 3,
    target: new Array<string | null>(n * n).fill('rose'),
  };
}

export function coreCompare(): void {
  console.log('\nmoved onto the core (CPU µs per solve, alternate rounds):\n');
  const rows: (string | number)[][] = [
    ['garden solve', 'nodes', 'before CPU µs', 'after CPU µs', 'after / before'],
  ];
  const cases: [string, GardenLevel[], number][] = [
    ['20 generated 4×4 levels', levelsOf(4, 20), Infinity],
    ['20 generated 6×6 levels', levelsOf(6, 20), Infinity],
    ['20 generated 8×8 levels', levelsOf(8, 20), Infinity],
    ['16×16 open field, 8 roses, 3 rounds', [openField()], 20_000],
  ];
  for (const [name, levels, maxNodes] of cases) {
    let nodes = 0;
    for (const level of levels) {
      const a = solveBefore(level, { nodeBudget: maxNodes });
      const b = solveGarden(level, { maxNodes });
      if (
        JSON.stringify([a.solutions, a.count, a.nodes]) !==
        JSON.stringify([b.solutions, b.count, b.nodes])
      )
        throw new Error(`garden answers differ: ${name}`);
      nodes += b.nodes;
    }
    const r = compareCpu(
      () => levels.forEach((l) => solveBefore(l, { nodeBudget: maxNodes })),
      () => levels.forEach((l) => solveGarden(l, { maxNodes })),
      9,
      80,
    );
    rows.push([name, nodes, fmt(r.referenceUs, 0), fmt(r.candidateUs, 0), `${fmt(r.ratio, 2)}×`]);
  }
  table(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) coreCompare();
