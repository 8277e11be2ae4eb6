import type { Command } from 'commander';
import {
  DEFAULT_SOLVE_MEMORY_MB,
  DEFAULT_SOLVE_MS,
  DEFAULT_SOLVE_NODES,
  MAX_PUSHES,
  maxSize,
  generateMany,
  generatedCollection,
  levelSolution,
  optimize,
  parseLurd,
  parseXsb,
  printBoard,
  printLevel,
  printPushList,
  printXsb,
  solve,
  solveLines,
  verify,
  levelStats,
  type GeneratedLevel,
  type Level,
  type Selection,
  type SolveResult,
  type ZeroGapType,
} from '@puzzlekit/sokoban-zero-gap';
import {
  choiceOption,
  CommandFailure,
  type Context,
  intOption,
  maxMsOption,
  seedOption,
  UsageError,
} from '../context.js';
import type { DemoSection, LegacyGameModule } from './types.js';

async function readLevel(ctx: Context, path: string, index: string | undefined): Promise<Level> {
  const collection = parseXsb(await ctx.readText(path), { source: path });
  const n = index === undefined ? 1 : intOption('--level', index, 1);
  const level = collection.levels[n - 1];
  if (!level)
    throw new UsageError(
      `${path} has ${collection.levels.length} level(s); --level ${n} does not exist`,
    );
  return level;
}

function levelJson(g: GeneratedLevel): Record<string, unknown> {
  return {
    title: g.level.title,
    xsb: printBoard(g.level),
    solution: g.solution ?? null,
    ...(g.solution === undefined ? { pushList: printPushList(g.pushList, g.level.width) } : {}),
    pushes: g.pushes,
    moves: g.moves,
    boxes: g.boxes,
    width: g.level.width,
    height: g.level.height,
    distance: g.distance,
    scramblePushes: g.scramblePushes,
  };
}

function registerGenerate(group: Command, ctx: Context): void {
  group
    .command('generate')
    .description('generate zero-gap levels (types b, e, w, g, s) with their answers')
    .requiredOption('--type <t>', 'level type: b, e, w, g or s')
    .requiredOption(
      '--size <n>',
      'size n: b/e (2n+3)², n ≤ 510; w/g (3n+3)², n ≤ 340; s (2n+3)×(2n+5), 7 ≤ n ≤ 509',
    )
    .requiredOption('--pushes <k>', 'random scramble pushes, 1..20,000,000')
    .option('--seed <s>', 'seed (number or text)', '1')
    .option('--select <how>', 'goal state: last or farthest', 'last')
    .option(
      '--min-distance <d>',
      'reject candidates closer than d (see the README for the distance)',
    )
    .option('--count <c>', 'number of levels', '1')
    .option('--tree <alg>', 'starting tree (b/e/w/g): kruskal, wilson or growth', 'kruskal')
    .option(
      '--step <how>',
      'b/e scramble step: move, box, lazy or slide (slide: the source article reading; --pushes counts steps)',
      'move',
    )
    .option(
      '--answer <form>',
      'lurd (default) or pushes (a push list; fast for huge levels)',
      'lurd',
    )
    .option(
      '--max-ms <ms>',
      'time budget for each level, in milliseconds (raise it for huge levels)',
      String(DEFAULT_GENERATE_MS),
    )
    .option('--out <file>', 'write the collection to a file instead of stdout')
    .action(async (o: Record<string, string | undefined>) => {
      const type = choiceOption<ZeroGapType>('--type', o.type!, ['b', 'e', 'w', 'g', 's']);
      const size = intOption('--size', o.size!, type === 's' ? 7 : 2, maxSize(type));
      const pushes = intOption('--pushes', o.pushes!, 1, MAX_PUSHES);
      const maxMs = maxMsOption(o.maxMs!);
      const select = choiceOption<Selection>('--select', o.select!, ['last', 'farthest']);
      const count = intOption('--count', o.count!, 1, 100_000);
      const answer = choiceOption('--answer', o.answer!, ['lurd', 'pushes'] as const);
      const tree = choiceOption('--tree', o.tree!, ['kruskal', 'wilson', 'growth'] as const);
      const step = choiceOption('--step', o.step!, ['move', 'box', 'lazy', 'slide'] as const);
      const minDistance =
        o.minDistance === undefined ? undefined : intOption('--min-distance', o.minDistance, 0);
      const seed = seedOption(o.seed!);
      // one level: the bar follows its scramble and walk-out; several: it counts levels
      const bar = ctx.progress(count === 1 ? 'generating' : 'levels', count === 1 ? pushes : count);
      let levels: GeneratedLevel[];
      try {
        levels = generateMany(
          {
            type,
            size,
            pushes,
            seed,
            select,
            minDistance,
            answer,
            tree,
            step,
            maxMs,
            ...(count === 1 ? { onProgress: (done, total) => bar.update(done, total) } : {}),
          },
          count,
          (done) => {
            if (count > 1) bar.update(done);
          },
        );
      } finally {
        bar.stop();
      }
      const text = printXsb(generatedCollection(levels));
      if (o.out !== undefined) {
        await ctx.writeText(o.out, text);
        ctx.info(`wrote ${levels.length} level(s) to ${o.out}`);
        if (ctx.json) ctx.output({ levels: levels.map(levelJson) }, () => '');
        return;
      }
      ctx.output({ levels: levels.map(levelJson) }, () => text);
    });
}

function registerVerify(group: Command, ctx: Context): void {
  group
    .command('verify <level-file> [solution-file]')
    .description(
      'replay an answer (LURD; from the file or the level’s Solution line); exit 0 only if it solves',
    )
    .option('--level <i>', 'which level of the file (1-based)', undefined)
    .action(async (levelFile: string, solutionFile: string | undefined, o: { level?: string }) => {
      const level = await readLevel(ctx, levelFile, o.level);
      const answer =
        solutionFile !== undefined ? await ctx.readText(solutionFile) : levelSolution(level);
      if (answer === undefined)
        throw new UsageError('no solution file given and the level has no Solution line');
      const moves = parseLurd(answer, {
        source: solutionFile ?? `${levelFile} (Solution line)`,
      });
      const r = verify(level, moves);
      const data = {
        legal: r.legal,
        solved: r.solved,
        moves: r.moves,
        pushes: r.pushes,
        ...(r.failure ? { failure: r.failure } : {}),
      };
      ctx.output(data, () =>
        r.failure
          ? `illegal at move ${r.failure.step + 1} ('${r.failure.move}'): ${r.failure.reason}`
          : `${r.solved ? 'solved' : 'legal but not solved'}: ${r.moves} moves, ${r.pushes} pushes`,
      );
      if (!r.solved)
        throw new CommandFailure(
          r.legal ? 'the answer does not solve the level' : 'the answer is illegal',
        );
    });
}

/** "time limit (10,000 ms)" and the like: which budget a search hit. */
/**
 * Default time budget of `sokoban generate`, per level: every call ends in seconds (b n=48 with
 * 1,000,000 pushes and its LURD answer takes about 6 s on a loaded 2-core machine); huge levels ask
 * for more with --max-ms.
 */
const DEFAULT_GENERATE_MS = 15_000;

function boundText(r: SolveResult, maxNodes: number, maxMs: number, maxMemoryMB: number): string {
  if (r.bound === 'time') return `time limit (${maxMs.toLocaleString('en-US')} ms)`;
  if (r.bound === 'memory') return `memory limit (${maxMemoryMB.toLocaleString('en-US')} MB)`;
  return `node limit (${maxNodes.toLocaleString('en-US')} states)`;
}

function registerSolve(group: Command, ctx: Context): void {
  group
    .command('solve <level-file>')
    .description(
      'push-optimal solver for small levels (A* with node, time and memory budgets; --fast for an answer without proof)',
    )
    .option('--level <i>', 'which level of the file (1-based)')
    .option('--max-nodes <n>', 'state budget', String(DEFAULT_SOLVE_NODES))
    .option('--max-ms <ms>', 'time budget in milliseconds', String(DEFAULT_SOLVE_MS))
    .option(
      '--max-memory <MB>',
      'memory budget of the state table, in MB',
      String(DEFAULT_SOLVE_MEMORY_MB),
    )
    .option(
      '--fast',
      'exact search for a tenth of the budget, then (b/e) the line-rule optimum, then greedy searches with corral pruning, corral deadlocks by sub-search, a floor-area count and goal-room macros; the answer is shortened, not proved optimal',
    )
    .action(
      async (
        levelFile: string,
        o: { level?: string; maxNodes: string; maxMs: string; maxMemory: string; fast?: boolean },
      ) => {
        const maxNodes = intOption('--max-nodes', o.maxNodes, 1);
        const maxMs = maxMsOption(o.maxMs);
        const maxMemoryMB = intOption('--max-memory', o.maxMemory, 16, 65_536);
        const level = await readLevel(ctx, levelFile, o.level);
        const bar = ctx.progress('states', maxNodes);
        let r: SolveResult;
        try {
          r = solve(level, {
            maxNodes,
            maxMs,
            maxMemoryMB,
            mode: o.fast ? 'fast' : 'optimal',
            onProgress: (n) => bar.update(n),
          });
        } finally {
          bar.stop();
        }
        const gaveUp =
          r.gaveUp === 'budget' ? `gave up: ${boundText(r, maxNodes, maxMs, maxMemoryMB)}` : '';
        ctx.output(
          {
            solved: r.solved,
            optimal: r.optimal,
            pushes: r.pushes,
            moves: r.moves,
            solution: r.solution,
            nodes: r.nodes,
            lowerBound: r.lowerBound,
            ...(r.gaveUp ? { gaveUp: r.gaveUp } : {}),
            ...(r.bound ? { bound: r.bound } : {}),
          },
          () =>
            r.solved
              ? `solved (${r.optimal ? 'push-optimal' : 'not proved optimal'}): ${r.pushes} pushes, ${r.moves} moves, ${r.nodes} states\n${r.solution}`
              : `not solved (${r.gaveUp === 'budget' ? gaveUp : 'no solution exists'}) after ${r.nodes} states; lower bound ${r.lowerBound} pushes`,
        );
        if (!r.solved)
          throw new CommandFailure(r.gaveUp === 'budget' ? gaveUp : 'the level has no solution');
      },
    );
}

function registerOptimize(group: Command, ctx: Context): void {
  group
    .command('optimize <level-file> <solution-file>')
    .description('shorten an answer: cut loops, splice in shortcuts found by bounded search')
    .option('--level <i>', 'which level of the file (1-based)')
    .option('--max-nodes <n>', 'state budget of the shortcut searches', '2000000')
    .option('--max-ms <ms>', 'time budget of the searches, in milliseconds (loop cuts always run)')
    .action(
      async (
        levelFile: string,
        solutionFile: string,
        o: { level?: string; maxNodes: string; maxMs?: string },
      ) => {
        const maxNodes = intOption('--max-nodes', o.maxNodes, 0);
        const maxMs = o.maxMs === undefined ? undefined : maxMsOption(o.maxMs);
        const level = await readLevel(ctx, levelFile, o.level);
        const answer = parseLurd(await ctx.readText(solutionFile), { source: solutionFile });
        const bar = ctx.progress('optimizing', 1);
        let r: ReturnType<typeof optimize>;
        try {
          r = optimize(level, answer, {
            maxNodes,
            ...(maxMs !== undefined ? { maxMs } : {}),
            onProgress: (done, total) => bar.update(done, total),
          });
        } finally {
          bar.stop();
        }
        ctx.output(
          {
            originalPushes: r.originalPushes,
            originalMoves: r.originalMoves,
            pushes: r.pushes,
            moves: r.moves,
            solution: r.solution,
            removedByLoops: r.removedByLoops,
            removedByLineSolves: r.removedByLineSolves,
            removedByShortcuts: r.removedByShortcuts,
            budgetExhausted: r.budgetExhausted,
          },
          () =>
            `pushes ${r.originalPushes} → ${r.pushes}, moves ${r.originalMoves} → ${r.moves} (loops −${r.removedByLoops}, line re-solves −${r.removedByLineSolves}, shortcuts −${r.removedByShortcuts}${r.budgetExhausted ? ', budget reached' : ''})\n${r.solution}`,
        );
      },
    );
}

function registerStats(group: Command, ctx: Context): void {
  group
    .command('stats <level-file>')
    .description('size, boxes, floor, dead squares and push lower bound of every level in a file')
    .action(async (levelFile: string) => {
      const collection = parseXsb(await ctx.readText(levelFile), { source: levelFile });
      const rows = collection.levels.map((level, i) => ({
        index: i + 1,
        title: level.title ?? null,
        ...levelStats(level),
      }));
      ctx.output({ levels: rows }, () =>
        rows
          .map(
            (r) =>
              `${r.index}. ${r.title ?? '(untitled)'}: ${r.width}×${r.height}, ${r.boxes} boxes (${r.boxesOnGoals} on goals), ${r.floor} floor, ${r.deadSquares} dead, ${r.lowerBound === null ? 'push lower bound not computed (too large)' : `≥ ${r.lowerBound} pushes`}`,
          )
          .join('\n'),
      );
    });
}

function demo(): DemoSection {
  const g = generateMany({ type: 'b', size: 4, pushes: 1000, seed: 6, select: 'farthest' }, 1)[0]!;
  const checked = verify(g.level, g.solution!);
  const lines = solveLines(g.level);
  const best = solve(g.level, { maxNodes: 100_000 });
  const shorter = optimize(g.level, g.pushList, { maxNodes: 20_000 });
  const text = [
    printLevel(g.level).trimEnd(),
    '',
    `type b, n=4: ${g.boxes} boxes on ${g.level.width}×${g.level.height}; scramble answer ${g.pushes} pushes / ${g.moves} moves, verified ${checked.solved ? 'solved' : 'NOT solved'}`,
    `optimizer on the scramble answer: ${shorter.pushes} pushes / ${shorter.moves} moves`,
    `line-rule optimum (boxes slot to slot along their lines): ${lines.pushes} pushes / ${lines.moves} moves`,
    best.solved
      ? `standard-rule push optimum (A*): ${best.pushes} pushes / ${best.moves} moves, ${best.nodes} states, lower bound ${best.lowerBound}`
      : `standard-rule A* gave up after ${best.nodes} states (lower bound ${best.lowerBound})`,
  ].join('\n');
  return {
    title: 'sokoban-zero-gap: generate, verify, optimize, solve',
    text,
    data: {
      xsb: printBoard(g.level),
      boxes: g.boxes,
      answer: { pushes: g.pushes, moves: g.moves, solved: checked.solved },
      optimized: { pushes: shorter.pushes, moves: shorter.moves },
      lineRule: { pushes: lines.pushes, moves: lines.moves },
      optimal: best.solved ? { pushes: best.pushes, moves: best.moves, nodes: best.nodes } : null,
    },
  };
}

/** `puzzlekit sokoban …`: generate, verify, solve, optimize and inspect zero-gap Sokoban levels. */
export const sokoban: LegacyGameModule = {
  register(program, ctx) {
    const group = program
      .command('sokoban')
      .description('zero-gap Sokoban levels: generate, verify, solve, optimize, stats');
    registerGenerate(group, ctx);
    registerVerify(group, ctx);
    registerSolve(group, ctx);
    registerOptimize(group, ctx);
    registerStats(group, ctx);
  },
  demo,
};
