import type { Command } from 'commander';
import {
  describeOutcome,
  readOptions,
  type AnyGame,
  type GaveUpOutcome,
  type JobResult,
} from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import {
  READINGS,
  SEED_PARAMS,
  SIMULATE_UNIT,
  describeValidation,
  game,
  indexVerdict,
  levelSnapshot,
  parseJsonText,
  rateSnapshot,
  simulate,
  validateLevel,
  validateSnapshot,
  type BotKind,
  type DctParams,
  type Level,
  type Reading,
  type SimulationResult,
  type Snapshot,
  type SnapshotRating,
  type SpawnPolicy,
} from '@puzzlekit/screw-jam-difficulty';
import {
  choiceOption,
  intOption,
  numberOption,
  seedOption,
  UsageError,
  type Context,
} from '../context.js';
import { CommandBudget } from '../common/budget.js';
import { levelName, pickLevels } from '../common/collection.js';
import { budgetFlags, levelFlag, outFlag } from '../common/flags.js';
import { failUnlessAll, fileAnswer, fileVerb, runLevels, titleOf } from '../common/levels.js';
import type { DemoSection, GamePlugin } from './types.js';

const screwJam = game as unknown as AnyGame;

const fmt = (n: number, d = 1): string => (Number.isNaN(n) ? '–' : n.toFixed(d));

interface ParamFlags {
  trayWeight: string;
  supplyWeight: string;
  threshold: string;
  reading: string;
}

/** The index's parameters from the flags (the article's by default). */
function paramsFrom(o: ParamFlags): DctParams {
  return {
    ...SEED_PARAMS,
    trayWeight: numberOption('--tray-weight', o.trayWeight),
    supplyWeight: numberOption('--supply-weight', o.supplyWeight),
    threshold: numberOption('--threshold', o.threshold),
    reading: choiceOption<Reading>('--reading', o.reading, READINGS),
  };
}

function addParamFlags(command: Command): Command {
  return command
    .option(
      '--reading <r>',
      'how "the top two layers" is read: layers (the article\'s words: by layer count) | cover (its C# code: by the bars covering each screw)',
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
      'a box counts as hard when its index is above this',
      String(SEED_PARAMS.threshold),
    );
}

/** A colour name as a table shows it: control characters escaped, long names cut. */
function shownName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = /[\u0000-\u001f\u007f-\u009f]/.test(name) ? JSON.stringify(name) : name;
  return safe.length > 40 ? `${safe.slice(0, 39)}…` : safe;
}

/** The index of every colour for a new box, as a table. */
function ratingText(r: SnapshotRating, snap: Snapshot): string {
  const hard = (d: number): string => (d > r.threshold ? ' hard' : '');
  const names = r.colors.map(shownName);
  const width = Math.max(6, ...names.map((n) => n.length));
  const lines = [
    `N = ${snap.maxPerColor}, ${snap.screws.length} screw(s) on the board, tray ${snap.tray.length}, current box ${
      snap.currentBox
        ? `${shownName(snap.currentBox.color)} (${snap.currentBox.filled}/3), its index ${fmt(r.current ?? 0)}`
        : 'none'
    } · reading ${r.reading}`,
    `the box-difficulty index (dct) of each colour for a new box: higher is harder; above ${r.threshold} counts as hard`,
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

/** `screw-jam snapshot`: the index of every colour for the next box of an engine snapshot. */
function registerSnapshot(group: Command, ctx: Context): void {
  addParamFlags(
    group
      .command('snapshot <file>')
      .description(
        'the box-difficulty index of every colour for a new middle box (and, with a current box, a new left box) in an engine snapshot, or a level at its start',
      )
      .option('--out <file>', 'write the output to this file instead of stdout'),
  ).action(async (file: string, o: ParamFlags & { out?: string }) => {
    const out = outFlag(o.out);
    const params = paramsFrom(o);
    const raw = parseJsonText(await ctx.readText(file), file);
    const isLevel = typeof raw === 'object' && raw !== null && Object.hasOwn(raw, 'bars');
    const snap = isLevel ? levelSnapshot(validateLevel(raw)) : validateSnapshot(raw);
    const r = rateSnapshot(snap, params);
    const data = {
      middle: r.middle,
      left: snap.currentBox ? r.left : null,
      current: r.current,
      spawnable: r.spawnable,
      threshold: r.threshold,
      reading: r.reading,
    };
    await ctx.emit(
      ctx.json ? JSON.stringify(data, null, 2) : ratingText(r, snap),
      out,
      'the ratings',
    );
  });
}

interface SimulateFlags extends ParamFlags {
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
  boxes?: boolean;
  out?: string;
  level?: string;
  maxWork?: string;
  maxMs?: string;
}

function policyFrom(o: SimulateFlags): SpawnPolicy {
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

/** A simulation in words: wins, tray pressure, and the plain verdict on the index. */
function simulationText(r: SimulationResult, threshold: number, label: string): string {
  const lines = [
    `${label}: ${r.work} of ${r.requested} playout(s)${r.outcome.kind === 'solved' ? '' : ` (${describeOutcome(r.outcome)}; the figures cover those)`}, won ${r.wins} (${fmt(100 * r.winRate)} %)`,
    `tray pressure: on average ${fmt(r.meanTray, 2)} screws wait in the tray, at most ${fmt(r.meanMaxTray, 2)} in a game (mean); taps by tray load 0..${r.trayHistogram.length - 1}: ${r.trayHistogram.join(' ')}`,
    `boxes: ${r.boxesSpawned} came, ${r.boxesFinished} were filled; rated hard (index above ${threshold}) ${r.hard.spawned}, of which ${r.hard.failed} were not filled; rated easy ${r.easy.spawned}, of which ${r.easy.failed} were not filled`,
    '',
    ...describeValidation(indexVerdict(r.tally, threshold)),
  ];
  if (r.budgetHits > 0)
    lines.push(
      `the lookahead player ran out of its per-decision search ${r.budgetHits} time(s) and played greedily there`,
    );
  return lines.join('\n');
}

/** `screw-jam simulate`: bots play each level many times; the index judged against their play. */
function registerSimulate(group: Command, ctx: Context): void {
  const job = { unit: SIMULATE_UNIT, budget: {} };
  addParamFlags(
    fileVerb(
      group,
      'simulate',
      'simulated play: a bot plays each level many times; win rate, tray pressure, and whether the box-difficulty index predicts which boxes fail',
      job,
    )
      .option('--runs <n>', 'playouts per level', '1000')
      .option('--bot <kind>', 'the player: random | greedy | lookahead', 'greedy')
      .option('--depth <d>', 'lookahead depth in taps', '2')
      .option('--policy <kind>', 'how new boxes get their colour: random | band | blend', 'random')
      .option('--low <x>', 'band low (policy band)', '0')
      .option('--high <x>', 'band high (policy band)', '55')
      .option('--choice <c>', "in band: first (the article's rule) | random", 'first')
      .option('--fallback <f>', "out of band: easiest (the article's rule) | nearest", 'easiest')
      .option('--k <k>', 'blend difficulty K in 0..1 (policy blend)', '0.5')
      .option('--slots <n>', 'box positions: 2 (middle and left) or 1', '2')
      .option('--seed <seed>', 'seed of the playouts', '1')
      .option('--boxes', 'every box record in the JSON output'),
  ).action(async (file: string, o: SimulateFlags) => {
    const out = outFlag(o.out);
    const runs = intOption('--runs', o.runs, 1, 1_000_000);
    const kind = choiceOption<BotKind>('--bot', o.bot, ['random', 'greedy', 'lookahead']);
    const depth = intOption('--depth', o.depth, 1, 6);
    const slots = intOption('--slots', o.slots, 1, 2) as 1 | 2;
    const policy = policyFrom(o);
    const params = paramsFrom(o);
    const seed = seedOption(o.seed);
    const picked = await pickLevels(ctx, screwJam, file, levelFlag(o.level));
    const budget = new CommandBudget(job, budgetFlags(o));
    const results = await runLevels(
      ctx,
      'simulate',
      job,
      budget,
      picked.levels.length,
      (i, p): JobResult<SimulationResult, SimulationResult> => {
        const r = simulate(
          picked.levels[i]!.level as Level,
          {
            runs,
            bot: { kind, depth },
            policy,
            seed,
            boxSlots: slots,
            params,
            keepBoxes: o.boxes === true,
          },
          budget.forLevel(p),
        );
        // A simulation the budget stopped still measured the playouts it finished: its partial.
        return r.outcome.kind === 'solved'
          ? { outcome: r.outcome, value: r, work: r.work }
          : { outcome: r.outcome as GaveUpOutcome, work: r.work, partial: r };
      },
    );
    const measured = results.map((r) =>
      'value' in r ? r.value : 'partial' in r ? r.partial : undefined,
    );
    const rows = results.map((r, i) => {
      const level = picked.levels[i]!;
      const m = measured[i];
      if (m === undefined) return { level: level.index, outcome: r.outcome };
      const { boxes, tally, ...figures } = m;
      return {
        level: level.index,
        ...titleOf(level),
        ...figures,
        verdict: indexVerdict(tally, params.threshold),
        ...(o.boxes === true ? { boxes } : {}),
      };
    });
    const text = ctx.json
      ? JSON.stringify(fileAnswer(screwJam, picked, rows, results), null, 2)
      : results
          .map((r, i) => {
            const name = levelName(picked.levels[i]!, picked.total);
            const m = measured[i];
            if (m === undefined) return `${name}: ${describeOutcome(r.outcome)}`;
            return simulationText(
              m,
              params.threshold,
              `${name} · bot ${kind} · policy ${policy.kind} · reading ${params.reading}`,
            );
          })
          .join('\n\n');
    await ctx.emit(text, out, `${results.length} simulation(s)`);
    failUnlessAll(
      results.filter((r) => r.outcome.kind === 'solved').length,
      results.length,
      'simulated to the end',
    );
  });
}

/** A level generated, solved and played by bots through the descriptor. */
function demo(): DemoSection {
  const generate = game.generate!;
  const options = readOptions(generate.options, {});
  const made = generate.run(options, Rng.forIndex(1, 0), generate.budget);
  if (!('value' in made)) throw new Error(`screw-jam generate: ${describeOutcome(made.outcome)}`);
  const level = made.value.level;
  const verdict = game.verify!(level, made.value.answer!);
  const sim = simulate(level, {
    runs: 200,
    bot: { kind: 'greedy' },
    policy: { kind: 'random' },
    seed: 1,
  });
  const text = [
    game.render(level),
    '',
    `the generator's winning play ${verdict.ok ? 'replays to a win' : `FAILS: ${verdict.reason}`}`,
    simulationText(sim, SEED_PARAMS.threshold, 'a greedy player, boxes of random colours'),
  ].join('\n');
  return {
    title: 'screw-jam-difficulty: generate, replay, simulated play',
    text,
    data: {
      level: game.levelToJson(level),
      simulation: { wins: sim.wins, runs: sim.work, winRate: sim.winRate },
      verdict: indexVerdict(sim.tally, SEED_PARAMS.threshold).strength,
    },
  };
}

/** `puzzlekit screw-jam …`: the common verbs, and `simulate` and `snapshot`. */
export const screwJamPlugin: GamePlugin = {
  game: screwJam,
  description:
    "Screw Jam: the source article's box-difficulty index, simulated play, generate, solve, verify, rate",
  registerOwn(group, ctx) {
    registerSimulate(group, ctx);
    registerSnapshot(group, ctx);
  },
  demo,
};
