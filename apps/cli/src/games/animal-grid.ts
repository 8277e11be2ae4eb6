import { describeOutcome } from '@puzzlekit/graph-search';
import type { Command } from 'commander';
import { Rng } from '@puzzlekit/rng';
import {
  GRADES,
  NO_SUCH_PUZZLE,
  PAPER_TABLE,
  checkAnswer,
  compareRatings,
  describeConditions,
  fitDifficulty,
  formatBoard,
  formatCollection,
  formatGarden,
  formatGardenGrid,
  formatPlanting,
  formatPuzzle,
  gaveUpText,
  generateGardenCampaign,
  generateGardenLevel,
  generatePuzzle,
  gradeBandText,
  hint,
  paperDifficulty,
  paperRating,
  paperRatingText,
  parseBoard,
  parseGarden,
  parseLevelRows,
  parsePlacement,
  parsePlanted,
  parsePuzzleOrCollection,
  rateByDeduction,
  simulateGarden,
  solve,
  solveGarden,
  type Animal,
  type CollectionEntry,
  type GeneratedPuzzle,
  type Grade,
  type LevelRow,
  type Placement,
  type Puzzle,
} from '@puzzlekit/animal-grid';
import { GenerationError, isPuzzlekitError, quoteInput } from '@puzzlekit/errors';
import {
  CommandFailure,
  choiceOption,
  intOption,
  maxMsOption,
  numberOption,
  seedOption,
  UsageError,
  type Context,
} from '../context.js';
import type { LegacyGameModule } from './types.js';

const d4 = (n: number): string => (Number.isFinite(n) ? n.toFixed(4) : String(n));

/** Default wall-clock budget of the commands that can run long: every run ends within seconds. */
const DEFAULT_MAX_MS = '10000';
/** Most solutions or plantings a command lists (the count itself is exact). */
const MAX_LIST = 10_000;

/**
 * A progress bar for work bounded by a count and by time: it shows whichever budget is nearer its
 * end, in tenths of a percent, so it moves even when the time limit is what will stop the work.
 */
function budgetBar(ctx: Context, label: string, maxUnits: number, maxMs: number) {
  const started = performance.now();
  const bar = ctx.progress(`${label} (budget used, ‰)`, 1000);
  return {
    update(units: number): void {
      const used = Math.max(units / maxUnits, (performance.now() - started) / maxMs);
      bar.update(Math.min(1000, Math.round(1000 * used)));
    },
    stop: () => bar.stop(),
  };
}

function band(text: string | undefined): [number, number] | undefined {
  if (text === undefined) return undefined;
  const m = /^\s*(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*$/.exec(text);
  if (!m)
    throw new UsageError(
      `--difficulty must look like lo..hi (for example 10..20), got ${quoteInput(text)}`,
    );
  const lo = numberOption('--difficulty (low end)', m[1]!);
  const hi = numberOption('--difficulty (high end)', m[2]!);
  if (lo > hi) throw new UsageError(`--difficulty low end ${lo} is above the high end ${hi}`);
  return [lo, hi];
}

/** Reads a puzzle file, or puzzle `--index` of a collection file. */
async function readPuzzle(
  ctx: Context,
  file: string,
  index: string | undefined,
): Promise<{ puzzle: Puzzle; entry: CollectionEntry | null }> {
  const k = index === undefined ? undefined : intOption('--index', index, 1, 100_000);
  const text = await ctx.readText(file);
  try {
    return parsePuzzleOrCollection(text, file, k);
  } catch (error) {
    // An --index the file does not have is a mistake in the call (exit 2), not in the file.
    if (isPuzzlekitError(error) && error.code === NO_SUCH_PUZZLE)
      throw new UsageError(
        `--index ${k}: ${(error as { reason?: string }).reason ?? error.message}`,
      );
    throw error;
  }
}

/** `--place animal@row/column`: a bad spec is a usage mistake (exit 2). */
function parsePlace(spec: string): Placement {
  try {
    return parsePlacement(spec);
  } catch (error) {
    if (isPuzzlekitError(error)) throw new UsageError(`--place ${error.message}`);
    throw error;
  }
}

function conditionsText(puzzle: Puzzle): string {
  const lines = describeConditions(puzzle);
  return lines.length === 0
    ? 'conditions: none'
    : ['conditions:', ...lines.map((l) => `  ${l}`)].join('\n');
}

function gradeText(grade: Grade | null): string {
  return grade === null
    ? 'grade: none (no difficulty)'
    : `grade: ${grade} (${gradeBandText(grade)})`;
}

function registerSolve(group: Command, ctx: Context): void {
  group
    .command('solve')
    .description("all solutions (exactly), and the paper's X1..X4, N, difficulty D and grade")
    .argument('<puzzle.json>', 'puzzle file {"animals":{…},"constraints":[…]} or a collection')
    .option('--index <n>', 'which puzzle of a collection file (1-based)')
    .option(
      '--limit <n>',
      `list at most this many solutions (the count stays exact; up to ${MAX_LIST})`,
      '100',
    )
    .action(async (file: string, o: { limit: string; index?: string }) => {
      const limit = intOption('--limit', o.limit, 0, MAX_LIST);
      const { puzzle } = await readPuzzle(ctx, file, o.index);
      const r = solve(puzzle, { listLimit: limit });
      const { metrics, grade, trace } = paperRating(puzzle);
      const headline =
        r.count === 0 && r.complete
          ? `0 solutions: ${r.reason?.text ?? 'the conditions cannot all hold'}`
          : `${r.count} solution(s)${r.complete ? '' : ' (search stopped early)'}${r.count === 1 ? ', unique' : ''}`;
      ctx.output(
        {
          count: r.count,
          complete: r.complete,
          reason: r.reason,
          conditions: describeConditions(puzzle),
          solutions: r.solutions,
          metrics,
          metricsComplete: trace.complete,
          grade,
        },
        () =>
          [
            conditionsText(puzzle),
            '',
            headline,
            ...r.solutions.map((s, i) => `\n#${i + 1}\n${formatBoard(s)}`),
            ...(r.solutions.length < r.count ? [`\n… ${r.count - r.solutions.length} more`] : []),
            `\n${paperRatingText(metrics, trace.complete)}`,
            gradeText(grade),
          ].join('\n'),
      );
    });
}

function registerRate(group: Command, ctx: Context): void {
  group
    .command('rate')
    .description(
      "the paper's traced procedure, D and grade, and the deduction rating with its steps",
    )
    .argument('<puzzle.json>', 'puzzle file or collection')
    .option('--index <n>', 'which puzzle of a collection file (1-based)')
    .action(async (file: string, o: { index?: string }) => {
      const { puzzle } = await readPuzzle(ctx, file, o.index);
      const { metrics, grade, trace } = paperRating(puzzle);
      const ded = rateByDeduction(puzzle);
      ctx.output(
        { metrics, metricsComplete: trace.complete, grade, trace: trace.steps, deduction: ded },
        () =>
          [
            conditionsText(puzzle),
            '',
            `paper: ${paperRatingText(metrics, trace.complete)}`,
            ...trace.steps.map(
              (s) =>
                `  ${s.animal.padEnd(8)} ${s.reason.padEnd(15)} maps ${s.mapsIn} → ${s.mapsOut}, dead ends ${s.deadEnds}, relative steps ${s.relativeSteps}`,
            ),
            gradeText(grade),
            `deduction: hardest ${ded.hardest}, total ${ded.total}, ${ded.solvedByLogic ? 'solved by logic' : ded.consistent ? 'needs a guess' : 'contradiction: no solution'}`,
            ...ded.steps.map((s) => `  [${s.cost}] ${s.technique}: ${s.detail}`),
          ].join('\n'),
      );
    });
}

function registerHint(group: Command, ctx: Context): void {
  group
    .command('hint')
    .description('the next deduction from a partly filled board: which animal goes where, and why')
    .argument('<puzzle.json>', 'puzzle file or collection')
    .option('--index <n>', 'which puzzle of a collection file (1-based)')
    .option(
      '--board <file>',
      "the board so far: three rows of animal names or '.', top (apple) row first, or JSON placements",
    )
    .option(
      '--place <animal@row/column...>',
      'pieces already placed, for example lion@apple/banana',
      [],
    )
    .action(async (file: string, o: { index?: string; board?: string; place: string[] }) => {
      const { puzzle } = await readPuzzle(ctx, file, o.index);
      const board = [
        ...(o.board === undefined ? [] : parseBoard(await ctx.readText(o.board), o.board)),
        ...o.place.map(parsePlace),
      ];
      const h = hint(puzzle, board);
      ctx.output(h, () =>
        [
          formatBoard(board),
          '',
          h.status === 'next'
            ? `hint: ${h.text}`
            : h.status === 'mistake'
              ? `mistake: ${h.text}`
              : h.text,
          ...(h.status === 'next' ? ['why:', ...h.steps.map((s) => `  - ${s.detail}`)] : []),
        ].join('\n'),
      );
    });
}

function registerCheck(group: Command, ctx: Context): void {
  group
    .command('check')
    .description(
      "check a designer's answer: every condition, the pieces, and whether it is the only answer",
    )
    .argument('<puzzle.json>', 'puzzle file or collection')
    .argument(
      '<answer>',
      'answer file: three rows of animal names (top, apple row first) or JSON placements',
    )
    .option('--index <n>', 'which puzzle of a collection file (1-based)')
    .action(async (file: string, answerFile: string, o: { index?: string }) => {
      const { puzzle } = await readPuzzle(ctx, file, o.index);
      const answer = parseBoard(await ctx.readText(answerFile), answerFile);
      const r = checkAnswer(puzzle, answer);
      const verdict = r.valid
        ? r.unique
          ? 'the answer keeps every condition, and it is the only solution'
          : `the answer keeps every condition, but the puzzle has ${r.solutions >= 2 ? 'another solution' : 'no other'}:`
        : r.pieces !== null
          ? `not an answer: ${r.pieces}`
          : `not an answer: it breaks ${r.broken.length} condition(s)`;
      ctx.output(r, () =>
        [
          formatBoard(answer),
          '',
          verdict,
          ...r.broken.map((b) => `  ${b.index + 1}. ${b.text}`),
          ...(r.another ? [formatBoard(r.another)] : []),
        ].join('\n'),
      );
      if (!r.valid) throw new CommandFailure('the answer is not a solution of the puzzle');
    });
}

interface GenerateFlags {
  seed: string;
  difficulty?: string;
  grade?: string;
  rating: string;
  maxCandidates: string;
  maxMs: string;
  count?: string;
  out?: string;
}

function generatedText(g: GeneratedPuzzle): string {
  return [
    conditionsText(g.puzzle),
    '',
    'answer:',
    formatBoard(g.solution),
    '',
    paperRatingText({ ...g.metrics, difficulty: g.difficulty }),
    gradeText(g.grade),
    `deduction: hardest ${g.deduction.hardest}, total ${g.deduction.total}`,
  ].join('\n');
}

function registerGenerate(group: Command, ctx: Context): void {
  group
    .command('generate')
    .description(
      'puzzles with one solution and no redundant condition, in a difficulty band or grade',
    )
    .requiredOption('--seed <s>', 'seed (number or text)')
    .option('--difficulty <lo..hi>', 'band for the rating, for example 10..25')
    .option(
      '--grade <g>',
      `${GRADES.join(' | ')} (bands on the paper's D: ${GRADES.map((g) => `${g} ${gradeBandText(g)}`).join('; ')})`,
    )
    .option('--rating <kind>', 'paper (D) | deduction (summed step cost)', 'paper')
    .option('--max-candidates <n>', 'candidates to try per puzzle before giving up', '5000')
    .option('--max-ms <ms>', 'time budget for the whole run, in milliseconds', DEFAULT_MAX_MS)
    .option(
      '--count <n>',
      'make this many puzzles (a collection; with --out, written as a collection file)',
    )
    .option('--out <file>', 'also write the puzzle JSON (or the collection) to this file')
    .action(async (o: GenerateFlags) => {
      const grade = o.grade === undefined ? undefined : choiceOption('--grade', o.grade, GRADES);
      if (grade !== undefined && o.difficulty !== undefined)
        throw new UsageError('give --grade or --difficulty, not both');
      const options = {
        ...(o.difficulty === undefined ? {} : { band: band(o.difficulty)! }),
        ...(grade === undefined ? {} : { grade }),
        rating: choiceOption('--rating', o.rating, ['paper', 'deduction'] as const),
        maxCandidates: intOption('--max-candidates', o.maxCandidates, 1, 1_000_000_000),
      };
      const maxMs = maxMsOption(o.maxMs);
      const count = o.count === undefined ? undefined : intOption('--count', o.count, 1, 10_000);
      const rng = Rng.from(seedOption(o.seed));
      const started = performance.now();
      const left = (): number => Math.max(1, maxMs - (performance.now() - started));
      const made: GeneratedPuzzle[] = [];
      const bar =
        count === undefined
          ? budgetBar(ctx, 'generating', options.maxCandidates, maxMs)
          : ctx.progress('puzzles', count);
      let candidates = 0;
      try {
        for (let i = 0; i < (count ?? 1); i++) {
          const r = generatePuzzle(rng, {
            ...options,
            maxMs: left(),
            ...(count === undefined ? { onProgress: (k: number) => bar.update(k) } : {}),
          });
          candidates += r.candidates;
          if (!r.puzzle) {
            const bound =
              r.gaveUp === 'time'
                ? gaveUpText('time', maxMs)
                : gaveUpText('candidates', options.maxCandidates);
            throw new GenerationError(
              `gave up: ${bound}${count === undefined ? '' : ` (puzzle ${i + 1} of ${count})`}, after ${r.candidates} candidate(s), ${r.outOfBand} unique but out of band; widen the band or raise the limit`,
            );
          }
          made.push(r.puzzle);
          if (count !== undefined) bar.update(i + 1);
        }
      } finally {
        bar.stop();
      }
      if (count === undefined) {
        const g = made[0]!;
        if (o.out !== undefined) await ctx.writeText(o.out, formatPuzzle(g.puzzle));
        ctx.output(
          {
            puzzle: g.puzzle,
            conditions: describeConditions(g.puzzle),
            solution: g.solution,
            metrics: { ...g.metrics, difficulty: g.difficulty },
            grade: g.grade,
            deduction: {
              hardest: g.deduction.hardest,
              total: g.deduction.total,
              solvedByLogic: g.deduction.solvedByLogic,
            },
            candidates,
          },
          () =>
            [
              formatPuzzle(g.puzzle).trimEnd(),
              '',
              generatedText(g),
              `candidates tried: ${candidates}`,
            ].join('\n'),
        );
        return;
      }
      const entries: CollectionEntry[] = made.map((g, i) => ({
        name: String(i + 1),
        grade: g.grade,
        difficulty: Number(g.difficulty.toFixed(4)),
        puzzle: g.puzzle,
        answer: g.solution,
      }));
      if (o.out !== undefined) await ctx.writeText(o.out, formatCollection(entries));
      ctx.output({ puzzles: entries, candidates }, () =>
        [
          ...made.map(
            (g, i) =>
              `${String(i + 1).padStart(4)}. ${g.grade.padEnd(6)} D ${g.difficulty.toFixed(2).padStart(7)}  ${g.puzzle.constraints.length} conditions  deduction hardest ${g.deduction.hardest}`,
          ),
          `${made.length} puzzle(s), ${candidates} candidate(s) tried${o.out === undefined ? '' : `; written to ${o.out}`}`,
        ].join('\n'),
      );
    });
}

function registerModel(group: Command, ctx: Context): void {
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
      if (file !== undefined) rows = parseLevelRows(await ctx.readText(file), file);
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
    .option('--max-ms <ms>', 'time budget for generating them, in milliseconds', DEFAULT_MAX_MS)
    .action((o: { seed: string; count: string; maxMs: string }) => {
      const rng = Rng.from(seedOption(o.seed));
      const n = intOption('--count', o.count, 2, 100_000);
      const maxMs = maxMsOption(o.maxMs);
      const started = performance.now();
      const bar = ctx.progress('puzzles', n);
      const puzzles: Puzzle[] = [];
      try {
        for (let i = 0; i < n; i++) {
          const r = generatePuzzle(rng, {
            maxMs: Math.max(1, maxMs - (performance.now() - started)),
          });
          if (!r.puzzle)
            throw new GenerationError(
              `gave up: ${gaveUpText(r.gaveUp ?? 'candidates', r.gaveUp === 'time' ? maxMs : 5000)} after ${i} of ${n} puzzles; lower --count or raise --max-ms`,
            );
          puzzles.push(r.puzzle.puzzle);
          bar.update(i + 1);
        }
      } finally {
        bar.stop();
      }
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

function registerAnimalGrid(program: Command, ctx: Context): void {
  const group = program
    .command('animal-grid')
    .description(
      "3×3 stepped animal placement: exact solver, the paper's difficulty model and grades, deduction rating and hints, generator",
    );
  registerSolve(group, ctx);
  registerRate(group, ctx);
  registerHint(group, ctx);
  registerCheck(group, ctx);
  registerGenerate(group, ctx);
  registerModel(group, ctx);
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
    .option('--limit <n>', `list at most this many plantings (up to ${MAX_LIST})`, '20')
    .option('--max-nodes <n>', 'partial plantings to explore before giving up', '2000000')
    .option('--max-ms <ms>', 'time budget in milliseconds', DEFAULT_MAX_MS)
    .action(async (file: string, o: { limit: string; maxNodes: string; maxMs: string }) => {
      const listLimit = intOption('--limit', o.limit, 0, MAX_LIST);
      const maxNodes = intOption('--max-nodes', o.maxNodes, 1, 1_000_000_000);
      const maxMs = maxMsOption(o.maxMs);
      const level = parseGarden(await ctx.readText(file), file);
      const bar = budgetBar(ctx, 'searching', maxNodes, maxMs);
      const r = solveGarden(level, {
        listLimit,
        maxNodes,
        maxMs,
        onProgress: (k) => bar.update(k),
      });
      bar.stop();
      const gaveUp = r.outcome.kind === 'gave-up' ? describeOutcome(r.outcome) : null;
      ctx.output({ ...r, ...(gaveUp === null ? {} : { gaveUp }) }, () =>
        [
          r.count === 0 && r.complete
            ? `no planting works (exhaustive search, ${r.nodes} node(s))${r.reason ? `: ${r.reason}` : ''}`
            : r.count === 0
              ? `no planting found before it ${gaveUp} (${r.nodes} nodes); the search did not finish, so this is no proof that none works`
              : `${r.count} planting(s)${r.complete ? '' : ` found before it ${gaveUp} (${r.nodes} nodes); there may be more`}${r.count === 1 && r.complete ? ', unique' : ''}`,
          ...r.solutions.map((p) => `  ${formatPlanting(p)}`),
        ].join('\n'),
      );
      if (gaveUp !== null && r.count === 0) throw new CommandFailure(gaveUp);
    });

  group
    .command('simulate')
    .description('plant flowers and grow them for the level’s rounds')
    .argument('<level.json>', 'garden level file')
    .option('--plant <spec...>', 'flower@x,y (repeat or list several)', [])
    .action(async (file: string, o: { plant: string[] }) => {
      const level = parseGarden(await ctx.readText(file), file);
      const planting = o.plant.map((s) => {
        try {
          return parsePlanted(s, level);
        } catch (error) {
          if (isPuzzlekitError(error)) throw new UsageError(`--plant ${error.message}`);
          throw error;
        }
      });
      const grown = simulateGarden(level, planting);
      const matches = grown.every((g, i) => g === level.target[i]);
      ctx.output({ garden: grown, matchesTarget: matches }, () =>
        [
          formatGardenGrid(level, grown),
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
    .option('--max-ms <ms>', 'time budget in milliseconds', DEFAULT_MAX_MS)
    .option('--out <file>', 'write the (last) level JSON to this file')
    .action(
      async (o: { seed: string; size?: string; levels: string; maxMs: string; out?: string }) => {
        const rng = Rng.from(seedOption(o.seed));
        const maxMs = maxMsOption(o.maxMs);
        let levels;
        let gaveUp: string | null = null;
        if (o.size !== undefined) {
          const g = generateGardenLevel(rng, { size: intOption('--size', o.size, 2, 8), maxMs });
          levels = g === null ? [] : [g];
        } else {
          const n = intOption('--levels', o.levels, 1, 50);
          const bar = ctx.progress('levels', n);
          const c = generateGardenCampaign(rng, n, { maxMs, onProgress: (k) => bar.update(k) });
          bar.stop();
          levels = c.levels;
          if (c.gaveUp !== null)
            gaveUp = `gave up: ${gaveUpText(c.gaveUp, c.gaveUp === 'time' ? maxMs : 2000)} (${c.missing} of ${n} level(s) missing)`;
        }
        if (levels.length === 0)
          throw new GenerationError(
            'no level with a unique solution found within the attempt and time budget',
          );
        if (gaveUp !== null) ctx.info(gaveUp);
        if (o.out !== undefined)
          await ctx.writeText(o.out, formatGarden(levels[levels.length - 1]!.level));
        ctx.output(levels, () =>
          levels
            .map((g, i) =>
              [
                `level ${i + 1}: ${g.level.size}×${g.level.size}, ${g.level.rounds} round(s), flowers ${JSON.stringify(g.level.seeds)}, ${g.attempts} attempt(s)`,
                'target (humidity:flower):',
                formatGardenGrid(g.level, g.level.target),
                `unique answer: ${formatPlanting(g.solution)}`,
              ].join('\n'),
            )
            .join('\n\n'),
        );
      },
    );
}

/** `puzzlekit animal-grid …` and `puzzlekit garden …`. */
export const animalGrid: LegacyGameModule = {
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
    const firstHint = hint(g.puzzle, []);
    const placedAnimals: Animal[] = [...new Set(firstHint.placed.map((p) => p.animal))];
    return {
      title: 'animal-grid',
      text: [
        `generated (seed 2019, D in 15..30): ${solved.count} solution`,
        conditionsText(g.puzzle),
        '',
        formatBoard(solved.solutions[0]!),
        '',
        paperRatingText(metrics),
        gradeText(g.grade),
        `deduction: hardest ${g.deduction.hardest}, total ${g.deduction.total}`,
        `first hint: ${firstHint.text}`,
        `garden 4×4: flowers ${JSON.stringify(garden.level.seeds)} → ${gs.count} planting: ${formatPlanting(gs.solutions[0] ?? [])}`,
      ].join('\n'),
      data: {
        puzzle: g.puzzle,
        conditions: describeConditions(g.puzzle),
        count: solved.count,
        solution: solved.solutions[0],
        metrics,
        grade: g.grade,
        deduction: { hardest: g.deduction.hardest, total: g.deduction.total },
        hint: { animals: placedAnimals, placed: firstHint.placed, text: firstHint.text },
        garden: { level: garden.level, count: gs.count, solution: gs.solutions[0] },
      },
    };
  },
};
