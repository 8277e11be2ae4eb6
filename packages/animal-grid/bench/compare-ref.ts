/**
 * Before/after: today's solvers against this package at a git ref (default: the last commit before
 * the move onto @puzzlekit/job), on the same inputs, with the answers and work counts checked equal
 * and CPU time compared alternately (compareCpu: median of per-round ratios, robust to a loaded
 * machine). Run: `pnpm --filter @puzzlekit/animal-grid bench:ref [REF]`.
 */
import { compareCpu, fmt, table } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import { generatePuzzle, solve, type Puzzle } from '../src/index.js';
import { generateGardenLevel, solveGarden, type GardenLevel } from '../src/garden/index.js';
import { checkoutRef } from './ref.js';
import { openGardenField } from '../src/test-support.js';

/** The last commit of main before the job vocabulary (`751accf`). */
export const DEFAULT_REF = '751accf~1';

/* The old API took node budgets inside the options (`maxNodes`) and counted `nodes`; today's takes
 * a Budget (`maxWork`) and counts `work`. These adapters call either with the same bound. */
type AnyFn = (...args: unknown[]) => Record<string, unknown>;
interface Answer {
  readonly solutions: unknown;
  readonly count: unknown;
  readonly work: unknown;
}
const answerOf = (r: Record<string, unknown>): Answer => ({
  solutions: r.solutions,
  count: r.count,
  work: r.work ?? r.nodes,
});

function levelsOf(size: number, count: number): GardenLevel[] {
  const rng = Rng.from(`compare-${size}`);
  const out: GardenLevel[] = [];
  while (out.length < count) {
    const g = generateGardenLevel(rng, { size });
    if ('value' in g) out.push(g.value.level);
  }
  return out;
}

export async function compareWithRef(ref = DEFAULT_REF): Promise<void> {
  const tree = checkoutRef(ref);
  try {
    const old = {
      ...(await tree.load('animal-grid', 'src/index.ts')),
      ...(await tree.load('animal-grid', 'src/garden/index.ts')),
    };
    const oldSolve = old.solve as AnyFn;
    const oldGarden = old.solveGarden as AnyFn;
    console.log(
      `\nbefore = ${ref} (${tree.commit.slice(0, 7)}), after = this tree; CPU µs per batch:\n`,
    );
    const rows: (string | number)[][] = [
      ['job', 'work', 'before CPU µs', 'after CPU µs', 'after / before'],
    ];
    const puzzles: Puzzle[] = [];
    const rng = Rng.from('bench');
    while (puzzles.length < 200) {
      const g = generatePuzzle(rng);
      if ('value' in g) puzzles.push(g.value.puzzle);
    }
    const cases: [string, () => Answer[], () => Answer[]][] = [
      [
        '3×3 solve, 200 generated puzzles',
        () => puzzles.map((p) => answerOf(oldSolve(p))),
        () => puzzles.map((p) => answerOf(solve(p) as unknown as Record<string, unknown>)),
      ],
    ];
    for (const [name, levels, maxWork] of [
      ['garden solve, 20 generated 6×6 levels', levelsOf(6, 20), Infinity],
      ['garden solve, 20 generated 8×8 levels', levelsOf(8, 20), Infinity],
      ['garden solve, 16×16 open field, 3 rounds', [openGardenField()], 20_000],
    ] as const) {
      cases.push([
        name,
        () => levels.map((l) => answerOf(oldGarden(l, { maxNodes: maxWork }))),
        () =>
          levels.map((l) =>
            answerOf(solveGarden(l, { maxWork }) as unknown as Record<string, unknown>),
          ),
      ]);
    }
    for (const [name, before, after] of cases) {
      const a = before();
      const b = after();
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`answers differ: ${name}`);
      const work = b.reduce((s, r) => s + (r.work as number), 0);
      const r = compareCpu(before, after, 7, 60);
      rows.push([name, work, fmt(r.referenceUs, 0), fmt(r.candidateUs, 0), `${fmt(r.ratio, 2)}×`]);
    }
    table(rows);
  } finally {
    tree.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await compareWithRef(process.argv[2]);
