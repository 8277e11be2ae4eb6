import type { Command } from 'commander';
import { Rng } from '@puzzlekit/rng';
import {
  PAPER_TABLE,
  compareRatings,
  fitDifficulty,
  formatGarden,
  formatPuzzle,
  generateGardenCampaign,
  generateGardenLevel,
  generatePuzzle,
  paperDifficulty,
  paperTrace,
  parseGarden,
  parseLevelRows,
  parsePuzzle,
  rateByDeduction,
  simulateGarden,
  solve,
  solveGarden,
  type GardenLevel,
  type LevelRow,
  type Planting,
  type Puzzle,
  type Solution,
} from '@puzzlekit/animal-grid';
import { InvalidInputError } from '@puzzlekit/errors';
import { choiceOption, intOption, numberOption, UsageError, type Context } from '../context.js';
import type { GameModule } from './types.js';

const seedOf = (s: string): number | string => (/^-?\d+$/.test(s.trim()) ? Number(s) : s);
const d4 = (n: number): string => (Number.isFinite(n) ? n.toFixed(4) : String(n));

function band(text: string | undefined): [number, number] | undefined {
  if (text === undefined) return undefined;
  const m = /^\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*$/.exec(text);
  if (!m)
    throw new UsageError(`--difficulty must look like lo..hi (for example 10..20), got '${text}'`);
  const lo = numberOption('--difficulty (low end)', m[1]!);
  const hi = numberOption('--difficulty (high end)', m[2]!);
  if (lo > hi) throw new UsageError(`--difficulty low end ${lo} is above the high end ${hi}`);
  return [lo, hi];
}

/** The board as three lines, top row (y = 2) first, x = 0, 1, 2 left to right. */
function gridText(s: Solution): string {
  const w = Math.max(...s.map((p) => p.animal.length));
  const rows: string[] = [];
  for (let y = 2; y >= 0; y--) {
    rows.push(
      [0, 1, 2]
        .map((x) => (s.find((p) => p.x === x && p.y === y)?.animal ?? '?').padEnd(w))
        .join(' ')
        .trimEnd(),
    );
  }
  return rows.join('\n');
}

interface Metrics {
  x1: number;
  x2: number;
  x3: number;
  x4: number;
  n: number;
  difficulty: number | null;
}

function rating(p: Puzzle): { metrics: Metrics; trace: ReturnType<typeof paperTrace> } {
  const trace = paperTrace(p);
  const d = paperDifficulty(trace.metrics);
  return {
    metrics: { ...trace.metrics, difficulty: trace.complete && Number.isFinite(d) ? d : null },
    trace,
  };
}

function metricsText(m: Metrics, complete = true): string {
  const d =
    m.difficulty === null
      ? m.n === 0 && complete
        ? 'undefined (no solution)'
        : '–'
      : d4(m.difficulty);
  const note = complete ? '' : '  (paper trace stopped at its map budget: partial figures)';
  return `X1 ${m.x1}  X2 ${m.x2}  X3 ${m.x3}  X4 ${m.x4}  N ${m.n}  D ${d}${note}`;
}

function gardenGrid(level: GardenLevel, cells: readonly (string | null)[]): string {
  const n = level.size;
  const w = Math.max(1, ...cells.map((c) => (c ?? '.').length));
  const lines: string[] = [];
  for (let y = 0; y < n; y++) {
    lines.push(
      Array.from(
        { length: n },
        (_, x) =>
          `${String(level.humidity[y * n + x]).padStart(3)}:${(cells[y * n + x] ?? '.').padEnd(w)}`,
      )
        .join(' ')
        .trimEnd(),
    );
  }
  return lines.join('\n');
}

function plantingText(p: Planting): string {
  return p.length === 0 ? '(nothing)' : p.map((q) => `${q.flower}@${q.x},${q.y}`).join(' ');
}

function parsePlant(spec: string, level: GardenLevel): Planting[number] {
  const m = /^([A-Za-z][\w-]*)@(\d+),(\d+)$/.exec(spec.trim());
  if (!m)
    throw new UsageError(`--plant must look like flower@x,y (for example rose@0,1), got '${spec}'`);
  const x = Number(m[2]);
  const y = Number(m[3]);
  if (x >= level.size || y >= level.size)
    throw new UsageError(`--plant ${spec}: cell outside the ${level.size}×${level.size} garden`);
  if (!level.flowerTypes.some((f) => f.name === m[1]))
    throw new UsageError(`--plant ${spec}: unknown flower '${m[1]}'`);
  return { flower: m[1]!, x, y };
}

function registerAnimalGrid(program: Command, ctx: Context): void {
  const group = program
    .command('animal-grid')
    .description(
      "3×3 stepped animal placement: exact solver, the paper's difficulty model, deduction rating, generator",
    );

  group
    .command('solve')
    .description("all solutions (exactly), and the paper's X1..X4, N and difficulty D")
    .argument('<puzzle.json>', 'puzzle file {"animals":{…},"constraints":[…]}')
    .option('--limit <n>', 'list at most this many solutions (the count stays exact)', '100')
    .action(async (file: string, o: { limit: string }) => {
      const puzzle = parsePuzzle(await ctx.readText(file), file);
      const r = solve(puzzle, { listLimit: intOption('--limit', o.limit, 0) });
      const { metrics, trace } = rating(puzzle);
      ctx.output(
        {
          count: r.count,
          complete: r.complete,
          solutions: r.solutions,
          metrics,
          metricsComplete: trace.complete,
        },
        () =>
          [
            `${r.count} solution(s)${r.complete ? '' : ' (search stopped early)'}${r.count === 1 ? ', unique' : ''}`,
            ...r.solutions.map((s, i) => `\n#${i + 1}\n${gridText(s)}`),
            ...(r.solutions.length < r.count ? [`\n… ${r.count - r.solutions.length} more`] : []),
            `\n${metricsText(metrics, trace.complete)}`,
          ].join('\n'),
      );
    });

  group
    .command('rate')
    .description(
      "the paper's traced procedure and D, and the deduction-based rating with its steps",
    )
    .argument('<puzzle.json>', 'puzzle file')
    .action(async (file: string) => {
      const puzzle = parsePuzzle(await ctx.readText(file), file);
      const { metrics, trace } = rating(puzzle);
      const ded = rateByDeduction(puzzle);
      ctx.output(
        { metrics, metricsComplete: trace.complete, trace: trace.steps, deduction: ded },
        () =>
          [
            `paper: ${metricsText(metrics, trace.complete)}`,
            ...trace.steps.map(
              (s) =>
                `  ${s.animal.padEnd(8)} ${s.reason.padEnd(15)} maps ${s.mapsIn} → ${s.mapsOut}, dead ends ${s.deadEnds}, relative steps ${s.relativeSteps}`,
            ),
            `deduction: hardest ${ded.hardest}, total ${ded.total}, ${ded.solvedByLogic ? 'solved by logic' : ded.consistent ? 'needs a guess' : 'contradiction: no solution'}`,
            ...ded.steps.map((s) => `  [${s.cost}] ${s.technique}: ${s.detail}`),
          ].join('\n'),
      );
    });

  group
    .command('generate')
    .description('a puzzle with one solution and no redundant condition, in a difficulty band')
    .requiredOption('--seed <s>', 'seed (number or text)')
    .option('--difficulty <lo..hi>', 'band for the rating, for example 10..25')
    .option('--rating <kind>', 'paper (D) | deduction (summed step cost)', 'paper')
    .option('--max-candidates <n>', 'candidates to try before giving up', '5000')
    .option('--out <file>', 'also write the puzzle JSON to this file')
    .action(
      async (o: {
        seed: string;
        difficulty?: string;
        rating: string;
        maxCandidates: string;
        out?: string;
      }) => {
        const r = generatePuzzle(Rng.from(seedOf(o.seed)), {
          ...(o.difficulty === undefined ? {} : { band: band(o.difficulty)! }),
          rating: choiceOption('--rating', o.rating, ['paper', 'deduction'] as const),
          maxCandidates: intOption('--max-candidates', o.maxCandidates, 1),
        });
        const g = r.puzzle;
        if (!g) {
          throw new InvalidInputError(
            `no puzzle in the band after ${r.candidates} candidate(s) (${r.outOfBand} unique but out of band); widen --difficulty or raise --max-candidates`,
            { code: 'BUDGET' },
          );
        }
        if (o.out !== undefined) await ctx.writeText(o.out, formatPuzzle(g.puzzle));
        const metrics = { ...g.metrics, difficulty: g.difficulty };
        ctx.output(
          {
            puzzle: g.puzzle,
            solution: g.solution,
            metrics,
            deduction: {
              hardest: g.deduction.hardest,
              total: g.deduction.total,
              solvedByLogic: g.deduction.solvedByLogic,
            },
            candidates: r.candidates,
          },
          () =>
            [
              formatPuzzle(g.puzzle).trimEnd(),
              '',
              'answer:',
              gridText(g.solution),
              '',
              metricsText(metrics),
              `deduction: hardest ${g.deduction.hardest}, total ${g.deduction.total}`,
              `candidates tried: ${r.candidates}`,
            ].join('\n'),
        );
      },
    );

  group
    .command('fit')
    .description(
      "least-squares refit of a1, a2, a3, b1, b2 (default rows: the paper's training levels 1–23, without 33)",
    )
    .argument('[rows.json]', 'array of {"level","x1","x2","x3","x4","n"}')
    .option('--b1 <b>', 'keep b1 fixed (with --b2): linear least squares for a1..a3')
    .option('--b2 <b>', 'keep b2 fixed (with --b1)')
    .action(async (file: string | undefined, o: { b1?: string; b2?: string }) => {
      let rows: readonly LevelRow[] = PAPER_TABLE.filter((r) => r.level <= 23);
      if (file !== undefined) {
        rows = parseLevelRows(await ctx.readText(file), file);
      }
      if ((o.b1 === undefined) !== (o.b2 === undefined))
        throw new UsageError('give both --b1 and --b2, or neither');
      const f = fitDifficulty(
        rows,
        o.b1 === undefined
          ? {}
          : { fixedExponents: { b1: numberOption('--b1', o.b1), b2: numberOption('--b2', o.b2!) } },
      );
      const k = f.coefficients;
      ctx.output(f, () =>
        [
          `method: ${f.method} on ${rows.length} row(s)`,
          `a1 ${d4(k.a1)}  a2 ${d4(k.a2)}  a3 ${d4(k.a3)}  b1 ${d4(k.b1)}  b2 ${d4(k.b2)}`,
          `SSE ${d4(f.sse)}  RMSE ${d4(f.rmse)}`,
          ...rows.map(
            (r) =>
              `  level ${String(r.level).padStart(3)}  D ${d4(paperDifficulty(r, k)).padStart(9)}`,
          ),
        ].join('\n'),
      );
    });

  group
    .command('compare')
    .description(
      "rank correlation of the paper's D and the deduction rating over generated puzzles",
    )
    .option('--seed <s>', 'seed', '1')
    .option('--count <n>', 'puzzles', '100')
    .action((o: { seed: string; count: string }) => {
      const rng = Rng.from(seedOf(o.seed));
      const n = intOption('--count', o.count, 2, 100_000);
      const puzzles = Array.from({ length: n }, () => generatePuzzle(rng).puzzle!.puzzle);
      const c = compareRatings(puzzles);
      ctx.output(c, () =>
        [
          `${n} generated puzzles`,
          `Spearman rho  D vs total ${d4(c.spearmanTotal)}   D vs hardest ${d4(c.spearmanHardest)}`,
          `Kendall tau-b D vs total ${d4(c.kendallTotal)}   D vs hardest ${d4(c.kendallHardest)}`,
        ].join('\n'),
      );
    });
}

function registerGarden(program: Command, ctx: Context): void {
  const group = program
    .command('garden')
    .description("Beautiful Garden (the paper's new game): simulate, solve, generate");

  group
    .command('solve')
    .description(
      'every planting of the given flowers that grows into the target, or a proof of none',
    )
    .argument('<level.json>', 'garden level file')
    .option('--limit <n>', 'list at most this many plantings', '20')
    .action(async (file: string, o: { limit: string }) => {
      const level = parseGarden(await ctx.readText(file), file);
      const r = solveGarden(level, { listLimit: intOption('--limit', o.limit, 0) });
      ctx.output(r, () =>
        [
          r.count === 0 && r.complete
            ? `no planting works (exhaustive search, ${r.nodes} node(s))${r.reason ? `: ${r.reason}` : ''}`
            : `${r.count} planting(s)${r.complete ? '' : ' (search stopped early: node budget)'}${r.count === 1 ? ', unique' : ''}`,
          ...r.solutions.map((p) => `  ${plantingText(p)}`),
        ].join('\n'),
      );
    });

  group
    .command('simulate')
    .description('plant flowers and grow them for the level’s rounds')
    .argument('<level.json>', 'garden level file')
    .option('--plant <spec...>', 'flower@x,y (repeat or list several)', [])
    .action(async (file: string, o: { plant: string[] }) => {
      const level = parseGarden(await ctx.readText(file), file);
      const planting = o.plant.map((s) => parsePlant(s, level));
      const grown = simulateGarden(level, planting);
      const matches = grown.every((g, i) => g === level.target[i]);
      ctx.output({ garden: grown, matchesTarget: matches }, () =>
        [
          gardenGrid(level, grown),
          matches ? 'matches the target' : 'does not match the target',
        ].join('\n'),
      );
    });

  group
    .command('generate')
    .description('levels with a unique solution: one of --size, or a campaign of growing size')
    .option('--seed <s>', 'seed', '1')
    .option('--size <n>', 'one level of this size (2–8)')
    .option('--levels <n>', 'a campaign: this many levels, two per size from 2×2 up', '6')
    .option('--out <file>', 'write the (last) level JSON to this file')
    .action(async (o: { seed: string; size?: string; levels: string; out?: string }) => {
      const rng = Rng.from(seedOf(o.seed));
      const levels =
        o.size !== undefined
          ? [generateGardenLevel(rng, { size: intOption('--size', o.size, 2, 8) })].filter(
              (g) => g !== null,
            )
          : generateGardenCampaign(rng, intOption('--levels', o.levels, 1, 50));
      if (levels.length === 0)
        throw new InvalidInputError(
          'no level with a unique solution found within the attempt budget',
          { code: 'BUDGET' },
        );
      if (o.out !== undefined)
        await ctx.writeText(o.out, formatGarden(levels[levels.length - 1]!.level));
      ctx.output(levels, () =>
        levels
          .map((g, i) =>
            [
              `level ${i + 1}: ${g.level.size}×${g.level.size}, ${g.level.rounds} round(s), flowers ${JSON.stringify(g.level.seeds)}, ${g.attempts} attempt(s)`,
              'target (humidity:flower):',
              gardenGrid(g.level, g.level.target),
              `unique answer: ${plantingText(g.solution)}`,
            ].join('\n'),
          )
          .join('\n\n'),
      );
    });
}

/** `puzzlekit animal-grid …` and `puzzlekit garden …`. */
export const animalGrid: GameModule = {
  register(program: Command, ctx: Context): void {
    registerAnimalGrid(program, ctx);
    registerGarden(program, ctx);
  },
  demo() {
    const g = generatePuzzle(Rng.from(2019), { band: [15, 30] }).puzzle!;
    const solved = solve(g.puzzle);
    const metrics = { ...g.metrics, difficulty: g.difficulty };
    const garden = generateGardenLevel(Rng.from(2019), { size: 4 })!;
    const gs = solveGarden(garden.level);
    return {
      title: 'animal-grid',
      text: [
        `generated (seed 2019, D in 15..30): ${g.puzzle.constraints.length} conditions, ${solved.count} solution`,
        gridText(solved.solutions[0]!),
        metricsText(metrics),
        `deduction: hardest ${g.deduction.hardest}, total ${g.deduction.total}`,
        `garden 4×4: flowers ${JSON.stringify(garden.level.seeds)} → ${gs.count} planting: ${plantingText(gs.solutions[0] ?? [])}`,
      ].join('\n'),
      data: {
        puzzle: g.puzzle,
        count: solved.count,
        solution: solved.solutions[0],
        metrics,
        deduction: { hardest: g.deduction.hardest, total: g.deduction.total },
        garden: { level: garden.level, count: gs.count, solution: gs.solutions[0] },
      },
    };
  },
};
