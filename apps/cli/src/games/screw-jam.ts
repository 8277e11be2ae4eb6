import type { Command } from 'commander';
import {
  bestCut,
  cutAt,
  formatLevel,
  generateLevelWithReplay,
  levelSnapshot,
  monotonicity,
  parseJsonText,
  rateSnapshot,
  READINGS,
  simulate,
  solveLevel,
  SEED_PARAMS,
  tallyBins,
  tallyIndex,
  TallyBuilder,
  validateLevel,
  validateSnapshot,
  type BotKind,
  type DctParams,
  type DctTally,
  type Level,
  type Reading,
  type SimulationResult,
  type Snapshot,
  type SnapshotRating,
  type SpawnPolicy,
} from '@puzzlekit/screw-jam-difficulty';
import { describeOutcome } from '@puzzlekit/graph-search';
import {
  choiceOption,
  CommandFailure,
  intOption,
  maxMsOption,
  numberOption,
  seedOption,
  UsageError,
  type Context,
} from '../context.js';
import type { LegacyGameModule } from './types.js';

const fmt = (n: number, d = 1): string => (Number.isNaN(n) ? '–' : n.toFixed(d));

/** Default wall-clock budget of the commands that can run long, in ms: every call ends in seconds. */
const DEFAULT_MAX_MS = '10000';

interface ParamOpts {
  trayWeight: string;
  supplyWeight: string;
  threshold: string;
  reading: string;
}

function paramsFrom(o: ParamOpts): DctParams {
  return {
    ...SEED_PARAMS,
    trayWeight: numberOption('--tray-weight', o.trayWeight),
    supplyWeight: numberOption('--supply-weight', o.supplyWeight),
    threshold: numberOption('--threshold', o.threshold),
    reading: choiceOption<Reading>('--reading', o.reading, READINGS),
  };
}

function addParamOptions(cmd: Command): Command {
  return cmd
    .option(
      '--reading <r>',
      '"top two layers" and l: layers (the article\'s prose: by layer count) | cover (its C#: by bars covering each screw)',
      'layers',
    )
    .option('--tray-weight <w>', 'weight of the tray term M/5', String(SEED_PARAMS.trayWeight))
    .option(
      '--supply-weight <w>',
      'weight of the supply term (N − n_c)/N',
      String(SEED_PARAMS.supplyWeight),
    )
    .option(
      '--threshold <t>',
      'a box is hard when dct is above this',
      String(SEED_PARAMS.threshold),
    );
}

/**
 * A colour name as printed in a table: names with control characters are shown escaped (JSON
 * style), so a hostile name cannot move the terminal's cursor; long names are cut.
 */
function shownName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = /[\u0000-\u001f\u007f-\u009f]/.test(name) ? JSON.stringify(name) : name;
  return safe.length > 40 ? `${safe.slice(0, 39)}…` : safe;
}

function ratingText(r: SnapshotRating, snap: Snapshot): string {
  const hard = (d: number): string => (d > r.threshold ? ' hard' : '');
  const names = r.colors.map(shownName);
  const width = Math.max(6, ...names.map((n) => n.length));
  const lines = [
    `N = ${snap.maxPerColor}, ${snap.screws.length} screw(s) on the board, tray ${snap.tray.length}, current box ${
      snap.currentBox
        ? `${shownName(snap.currentBox.color)} (${snap.currentBox.filled}/3), dct(a) = ${fmt(r.current ?? 0)}`
        : 'none'
    } · reading ${r.reading}`,
    '',
    `${'colour'.padEnd(width)}  middle${snap.currentBox ? '        left' : ''}`,
  ];
  r.colors.forEach((c, i) => {
    const mid = `${fmt(r.middle[c]!).padStart(6)}${hard(r.middle[c]!).padEnd(6)}`;
    const left = snap.currentBox ? `  ${fmt(r.left[c]!).padStart(6)}${hard(r.left[c]!)}` : '';
    const spawn = r.spawnable.includes(c) ? '' : '   (no new box possible)';
    lines.push(`${names[i]!.padEnd(width)}${mid}${left}${spawn}`.trimEnd());
  });
  if (r.colors.length === 0) lines.push('(no screws left: nothing to rate)');
  return lines.join('\n');
}

/** The validation figures of a run, from its dct tally: index, bins, best cut, monotonicity. */
function validation(tally: DctTally, threshold: number) {
  const bins = tallyBins(tally);
  return {
    index: tallyIndex(tally, threshold),
    bins,
    atThreshold: cutAt(tally, threshold),
    bestCut: bestCut(tally),
    monotonicity: monotonicity(bins),
  };
}

function validationLines(v: ReturnType<typeof validation>): string[] {
  const lines = [
    `dct vs failure: ROC AUC ${fmt(v.index.auc, 3)}, Spearman ${fmt(v.index.spearman, 3)}`,
  ];
  if (v.bestCut)
    lines.push(
      `best cut: "hard = dct > ${v.bestCut.threshold}" separates failed from finished boxes best (Youden's J ${fmt(v.bestCut.j, 3)}; at the threshold ${v.atThreshold.threshold}: J ${fmt(v.atThreshold.j, 3)})`,
    );
  else lines.push('best cut: none (every box failed, or none did)');
  const m = v.monotonicity;
  lines.push(
    m.monotone
      ? `failure rate rises (or holds) with dct across the ranges with ≥ ${m.minBoxes} boxes`
      : `failure rate is not monotone in dct: ${m.drops
          .map(
            (d) =>
              `${fmt(100 * d.from.failRate)}% in ${d.from.from}–${d.from.to}, then ${fmt(100 * d.to.failRate)}% in ${d.to.from}–${d.to.to}`,
          )
          .join('; ')} (ranges with ≥ ${m.minBoxes} boxes)`,
  );
  lines.push('', 'dct range     boxes  failed  fail %  mean max tray');
  for (const b of v.bins) {
    lines.push(
      `${`${b.from}–${b.to}`.padEnd(12)}${String(b.boxes).padStart(7)}${String(b.failed).padStart(8)}${fmt(100 * b.failRate).padStart(8)}${fmt(b.meanMaxTray, 2).padStart(15)}`,
    );
  }
  return lines;
}

function simulationText(
  r: SimulationResult,
  v: ReturnType<typeof validation>,
  label: string,
  maxMs: number,
): string {
  const lines = [
    `${label}: ${r.runs} playout(s), won ${r.wins} (${fmt(100 * r.winRate)}%)`,
    `tray pressure: mean tray ${fmt(r.meanTray, 2)}, mean of max tray ${fmt(r.meanMaxTray, 2)}, taps by tray load 0..${r.trayHistogram.length - 1}: ${r.trayHistogram.join(' ')}`,
    `boxes: ${r.boxesSpawned} spawned, ${r.boxesFinished} finished; hard (dct > threshold) ${r.hard.spawned}, failed ${r.hard.failed}; easy ${r.easy.spawned}, failed ${r.easy.failed}`,
    ...validationLines(v),
  ];
  if (r.gaveUp)
    lines.unshift(
      `gave up: ${r.gaveUp === 'time' ? `time (--max-ms ${maxMs})` : 'memory (200,000 box records kept for --boxes)'} after ${r.runs} of ${r.requested} runs; the figures below cover those runs`,
    );
  if (r.budgetHits > 0)
    lines.push(`lookahead gave up (node budget) ${r.budgetHits} time(s) and played greedy there`);
  return lines.join('\n');
}

function policyFrom(o: {
  policy: string;
  low: string;
  high: string;
  choice: string;
  fallback: string;
  k: string;
}): SpawnPolicy {
  const kind = choiceOption('--policy', o.policy, ['random', 'band', 'blend'] as const);
  if (kind === 'random') return { kind };
  if (kind === 'blend') {
    const k = numberOption('--k', o.k);
    if (k < 0 || k > 1) throw new UsageError(`--k must be in 0..1, got ${o.k}`);
    return { kind, k };
  }
  const low = numberOption('--low', o.low);
  const high = numberOption('--high', o.high);
  if (low > high) throw new UsageError(`--low must not exceed --high (got ${low} > ${high})`);
  return {
    kind,
    low,
    high,
    choice: choiceOption('--choice', o.choice, ['first', 'random'] as const),
    fallback: choiceOption('--fallback', o.fallback, ['easiest', 'nearest'] as const),
  };
}

async function readLevel(ctx: Context, path: string): Promise<Level> {
  return validateLevel(parseJsonText(await ctx.readText(path), path));
}

/** `puzzlekit screw-jam …`: rate engine snapshots, simulate levels with bots, generate levels. */
export const screwJam: LegacyGameModule = {
  register(program: Command, ctx: Context): void {
    const group = program
      .command('screw-jam')
      .description(
        "Screw Jam: the source article's box-difficulty index (dct), simulated play, level generation",
      );

    addParamOptions(
      group
        .command('rate')
        .description(
          'dct of every colour for a new middle box and, with a current box, a new left box',
        )
        .argument(
          '<snapshot.json>',
          'engine snapshot {maxPerColor, screws:[{color,depth}], tray, currentBox}, or a level (rated at its start)',
        ),
    ).action(async (file: string, o: ParamOpts) => {
      const params = paramsFrom(o);
      const raw = parseJsonText(await ctx.readText(file), file);
      const isLevel = typeof raw === 'object' && raw !== null && Object.hasOwn(raw, 'bars');
      const snap = isLevel ? levelSnapshot(validateLevel(raw)) : validateSnapshot(raw);
      const r = rateSnapshot(snap, params);
      ctx.output(
        {
          middle: r.middle,
          left: snap.currentBox ? r.left : null,
          current: r.current,
          spawnable: r.spawnable,
          threshold: r.threshold,
          reading: r.reading,
        },
        () => ratingText(r, snap),
      );
    });

    addParamOptions(
      group
        .command('simulate')
        .description(
          'Monte Carlo playouts by a bot: win rate, tray pressure, per-box outcomes against dct',
        )
        .argument('<level.json>', 'level file')
        .option('--runs <n>', 'playouts', '1000')
        .option('--bot <kind>', 'random | greedy | lookahead', 'greedy')
        .option('--depth <d>', 'lookahead depth in taps', '2')
        .option('--policy <kind>', 'box colours: random | band | blend', 'random')
        .option('--low <x>', 'band low (policy band)', '0')
        .option('--high <x>', 'band high (policy band)', '55')
        .option('--choice <c>', "in band: first (the article's rule) | random", 'first')
        .option('--fallback <f>', "out of band: easiest (the article's rule) | nearest", 'easiest')
        .option('--k <k>', 'blend difficulty K in 0..1 (policy blend)', '0.5')
        .option('--slots <n>', 'box positions: 2 (middle and left) or 1', '2')
        .option('--seed <s>', 'seed', '1')
        .option(
          '--max-ms <ms>',
          'stop after this many milliseconds (runs done so far are reported)',
          DEFAULT_MAX_MS,
        )
        .option('--boxes', 'include every box record in the JSON output'),
    ).action(
      async (
        file: string,
        o: ParamOpts & {
          runs: string;
          bot: string;
          depth: string;
          policy: string;
          low: string;
          high: string;
          choice: string;
          fallback: string;
          k: string;
          slots: string;
          seed: string;
          maxMs: string;
          boxes?: boolean;
        },
      ) => {
        const runs = intOption('--runs', o.runs, 1, 1_000_000);
        const kind = choiceOption<BotKind>('--bot', o.bot, ['random', 'greedy', 'lookahead']);
        const depth = intOption('--depth', o.depth, 1, 6);
        const slots = intOption('--slots', o.slots, 1, 2) as 1 | 2;
        const policy = policyFrom(o);
        const params = paramsFrom(o);
        const maxMs = maxMsOption(o.maxMs);
        const level = await readLevel(ctx, file);
        const bar = ctx.progress('simulating', runs);
        const r = simulate(level, {
          runs,
          bot: { kind, depth },
          policy,
          seed: seedOption(o.seed),
          boxSlots: slots,
          params,
          maxMs,
          keepBoxes: o.boxes === true,
          // Printed as JSON, each record takes about 350 bytes: 200,000 keep the output near 70 MB.
          maxBoxRecords: 200_000,
          // A lookahead playout can take a while: report each one.
          progressEvery: kind === 'lookahead' ? 1 : 100,
          onProgress: (done) => bar.update(done),
        });
        bar.stop();
        const { boxes, tally, ...summary } = r;
        const v = validation(tally, params.threshold);
        ctx.output(
          {
            ...summary,
            ...v,
            ...(o.boxes ? { boxes } : {}),
          },
          () =>
            simulationText(
              r,
              v,
              `${shownName(level.name ?? file)} · bot ${kind} · policy ${policy.kind} · reading ${params.reading}`,
              maxMs,
            ),
        );
      },
    );

    group
      .command('solve')
      .description('exact search for a winning tap order when boxes come in a given order')
      .argument('<level.json>', 'level file')
      .option(
        '--boxes <colours>',
        'box colours in spawn order, comma-separated (default: the order of the winning play saved in the level)',
      )
      .option('--slots <n>', 'box positions: 2 (middle and left) or 1', '2')
      .option('--max-nodes <n>', 'positions to expand before giving up', '200000')
      .option('--budget <n>', 'the older name of --max-nodes (given both, the smaller holds)')
      .option('--max-ms <ms>', 'stop after this many milliseconds', DEFAULT_MAX_MS)
      .action(
        async (
          file: string,
          o: { boxes?: string; slots: string; maxNodes: string; budget?: string; maxMs: string },
        ) => {
          const slots = intOption('--slots', o.slots, 1, 2) as 1 | 2;
          const maxNodes = Math.min(
            intOption('--max-nodes', o.maxNodes, 1, 100_000_000),
            o.budget === undefined ? Infinity : intOption('--budget', o.budget, 1, 100_000_000),
          );
          const maxMs = maxMsOption(o.maxMs);
          const level = await readLevel(ctx, file);
          const boxes = o.boxes
            ?.split(',')
            .map((c) => c.trim())
            .filter((c) => c.length > 0);
          const bar = ctx.progress('searching', maxNodes);
          const r = solveLevel(level, {
            ...(boxes ? { boxes } : {}),
            boxSlots: slots,
            maxNodes,
            maxMs,
            onProgress: (nodes) => bar.update(nodes),
          });
          bar.stop();
          const gaveUp = describeOutcome(r.outcome);
          ctx.output(r, () =>
            r.status === 'won'
              ? `winnable with boxes ${r.boxes.map(shownName).join(', ')}: taps ${r.taps!.join(' ')} (${r.nodes} positions searched)`
              : r.status === 'unwinnable'
                ? `no tap order wins with boxes ${r.boxes.map(shownName).join(', ')} (proven: every tap order tried, ${r.nodes} positions searched)`
                : `${gaveUp} after ${r.nodes} positions; winnable or not is unknown`,
          );
          if (r.status !== 'won')
            throw new CommandFailure(
              r.status === 'unwinnable' ? 'not winnable with this box order' : gaveUp,
            );
        },
      );

    group
      .command('generate')
      .description('a random level winnable by construction (it carries its winning play)')
      .option('--colors <n>', 'colours', '6')
      .option('--boxes-per-color <n>', 'boxes of three per colour', '2')
      .option('--layers <n>', 'layers of bars', '4')
      .option('--width <n>', 'board width in cells', '8')
      .option('--height <n>', 'board height in cells', '10')
      .option('--tray-slack <n>', 'most tray screws the saved winning play may use (0..4)', '2')
      .option('--seed <s>', 'seed', '1')
      .option('--max-ms <ms>', 'give up after this many milliseconds', DEFAULT_MAX_MS)
      .option('-o, --out <file>', 'write the level here instead of stdout')
      .action(
        async (o: {
          colors: string;
          boxesPerColor: string;
          layers: string;
          width: string;
          height: string;
          traySlack: string;
          seed: string;
          maxMs: string;
          out?: string;
        }) => {
          const bar = ctx.progress('generating', 1);
          const { level, replay } = generateLevelWithReplay({
            colors: intOption('--colors', o.colors, 1, 64),
            boxesPerColor: intOption('--boxes-per-color', o.boxesPerColor, 1, 20),
            layers: intOption('--layers', o.layers, 1, 20),
            width: intOption('--width', o.width, 2, 200),
            height: intOption('--height', o.height, 2, 200),
            traySlack: intOption('--tray-slack', o.traySlack, 0, 4),
            seed: seedOption(o.seed),
            maxMs: maxMsOption(o.maxMs),
            onProgress: (done, total) => bar.update(done, total),
          });
          bar.stop();
          const screws = level.bars.reduce((n, b) => n + b.screws.length, 0);
          const about = `${level.colors.length} colours, ${screws} screws, ${level.bars.length} bars; the winning play saved with the level wins: ${replay.won ? 'yes' : 'no'} (largest tray ${replay.maxTray})`;
          if (o.out) {
            await ctx.writeText(o.out, formatLevel(level));
            ctx.output(
              { file: o.out, colors: level.colors.length, screws, bars: level.bars.length, replay },
              () => `wrote ${o.out}: ${about}`,
            );
          } else if (ctx.json) {
            ctx.output(level, () => '');
          } else {
            ctx.info(about);
            ctx.io.writeOut(formatLevel(level));
          }
        },
      );
  },

  demo() {
    const { level, replay } = generateLevelWithReplay({
      colors: 6,
      boxesPerColor: 2,
      layers: 4,
      width: 6,
      height: 6,
      seed: 2,
    });
    // Would the level still be winnable if the boxes came in another order? Ask the solver.
    const reversed = [...level.solution!.boxes].reverse();
    const solved = solveLevel(level, { boxes: reversed, maxNodes: 20_000 });
    const start = rateSnapshot(levelSnapshot(level));
    const playouts = (policy: SpawnPolicy): SimulationResult =>
      simulate(level, { runs: 150, bot: { kind: 'greedy' }, policy, seed: 1, keepBoxes: false });
    const easy = playouts({ kind: 'band', low: 0, high: 40, choice: 'random' });
    const hard = playouts({
      kind: 'band',
      low: 60,
      high: 100,
      choice: 'random',
      fallback: 'nearest',
    });
    const merged = new TallyBuilder();
    merged.addTally(easy.tally);
    merged.addTally(hard.tally);
    const both = merged.build();
    const v = validation(both, SEED_PARAMS.threshold);
    const screws = level.bars.reduce((n, b) => n + b.screws.length, 0);
    const text = [
      `generated: ${level.colors.length} colours, ${screws} screws on ${level.bars.length} bars in 4 layers on a 6×6 board (seed 2)`,
      `winning play saved with the level: ${replay.won ? 'wins' : 'FAILS'} with boxes ${level.solution!.boxes.slice(0, 4).join(', ')}, … (largest tray ${replay.maxTray})`,
      `solver, boxes in reverse order: ${describeOutcome(solved.outcome)}${solved.taps ? ` (${solved.taps.length} taps)` : ''} after ${solved.nodes} positions`,
      `rated at the start (middle box): ${start.colors.map((c) => `${c} ${fmt(start.middle[c]!)}`).join(', ')}`,
      `greedy bot, 150 playouts each: boxes from band [0, 40] → win ${fmt(100 * easy.winRate)}%, mean max tray ${fmt(easy.meanMaxTray, 2)};`,
      `                               boxes from band [60, 100] → win ${fmt(100 * hard.winRate)}%, mean max tray ${fmt(hard.meanMaxTray, 2)}`,
      `over ${v.index.boxes} boxes: hard fail ${fmt(100 * v.index.hardFailRate)}%, easy fail ${fmt(100 * v.index.easyFailRate)}%`,
      ...validationLines(v).filter(
        (line) => line !== '' && !line.startsWith('dct range') && !/^\d/.test(line),
      ),
    ].join('\n');
    return {
      title: 'screw-jam',
      text,
      data: {
        replay,
        solver: {
          boxes: solved.boxes,
          outcome: solved.outcome,
          status: solved.status,
          gaveUp: solved.gaveUp,
          nodes: solved.nodes,
          taps: solved.taps,
        },
        startMiddle: start.middle,
        easy: { winRate: easy.winRate, meanMaxTray: easy.meanMaxTray },
        hard: { winRate: hard.winRate, meanMaxTray: hard.meanMaxTray },
        index: v.index,
        bestCut: v.bestCut,
        monotonicity: v.monotonicity,
      },
    };
  },
};
