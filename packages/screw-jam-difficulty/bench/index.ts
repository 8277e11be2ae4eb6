// Figures for screw-jam-difficulty: playouts per second on a 10-colour level, rating time, the AUC
// table of dct against simulated box failure, refitted weights, and the difficulty controller.
import { fmt, header, measure, table, timeOnce } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import {
  compileLevel,
  Game,
  indexReport,
  levelSnapshot,
  makeChooser,
  makeSpawner,
  playOnce,
  rateSnapshot,
  refitParams,
  runController,
  SEED_PARAMS,
  simulate,
  solveLevel,
  bestCut,
  cutAt,
  compareBands,
  indexVerdict,
  monotonicity,
  tallyBins,
  tallyAuc,
  tallyRecords,
  TallyBuilder,
  type Spawner,
  type Reading,
  type BotOptions,
  type BoxRecord,
  type Level,
  type SpawnPolicy,
} from '../src/index.js';
import { generated } from '../src/testing/levels.js';

header('@puzzlekit/screw-jam-difficulty');

// 1. Playouts per second on a 10-colour level.
const ten = generated({
  colors: 10,
  boxesPerColor: 2,
  layers: 5,
  width: 6,
  height: 8,
  seed: 1,
});
const tenC = compileLevel(ten);
console.log(
  `10-colour level: ${tenC.nScrews} screws, ${tenC.nBars} bars, N = ${tenC.maxPerColor}\n`,
);
const rows: (string | number)[][] = [['bot', 'policy', 'playouts/s', 'median ms/playout']];
const bots: BotOptions[] = [
  { kind: 'random' },
  { kind: 'greedy' },
  { kind: 'lookahead', depth: 2 },
];
const policies: [string, SpawnPolicy][] = [
  ['random', { kind: 'random' }],
  ['band [0,55] (article)', { kind: 'band', low: 0, high: 55 }],
];
let seed = 0;
for (const bot of bots) {
  for (const [name, policy] of policies) {
    const m = measure(() => {
      const rng = Rng.from(seed++);
      return playOnce(
        tenC,
        makeChooser(bot, rng.fork()),
        makeSpawner(policy, rng.fork()),
        2,
        SEED_PARAMS,
        null,
        false,
      ).status;
    }, 800);
    rows.push([bot.kind, name, fmt(m.perSecond, 0), fmt(m.medianMs, 3)]);
  }
}
table(rows);

// 1b. The solver on the same level: the recorded box order and shuffled ones.
console.log('\nsolver on the 10-colour level (budget 200,000 states):');
const solveRows: (string | number)[][] = [['box order', 'outcome', 'positions', 'ms']];
{
  const orders: [string, readonly string[]][] = [['recorded', ten.solution!.boxes]];
  const rng = Rng.from(9);
  for (let i = 1; i <= 4; i++) orders.push([`shuffled #${i}`, rng.shuffled(ten.solution!.boxes)]);
  for (const [name, boxes] of orders) {
    const { result, ms } = timeOnce(() => solveLevel(ten, {}, { boxes }));
    solveRows.push([name, result.outcome.kind, result.work, fmt(ms, 1)]);
  }
}
table(solveRows);

// 2. Rating a snapshot.
const startSnap = levelSnapshot(ten);
const mid = new Game(tenC, 2, SEED_PARAMS, false);
{
  const rng = Rng.from(3);
  const sp = makeSpawner({ kind: 'random' }, rng.fork());
  const ch = makeChooser({ kind: 'greedy' }, rng.fork());
  mid.refill(sp);
  const moves = new Int32Array(tenC.nScrews);
  for (let i = 0; i < 15 && mid.status === 0; i++) {
    const n = mid.legal(moves);
    if (n === 0) break;
    mid.tap(ch.choose(mid, moves, n), sp);
  }
}
const midSnap = mid.snapshot();
const json = JSON.stringify(midSnap);
console.log('\nrating (10 colours):');
table([
  ['what', 'µs per call'],
  [
    'rateSnapshot, level start (60 screws)',
    fmt(measure(() => rateSnapshot(startSnap), 400).medianMs * 1000, 2),
  ],
  [
    `rateSnapshot, mid-game (${midSnap.screws.length} screws, tray ${midSnap.tray.length})`,
    fmt(measure(() => rateSnapshot(midSnap), 400).medianMs * 1000, 2),
  ],
  [
    'JSON.parse + rateSnapshot, mid-game',
    fmt(measure(() => rateSnapshot(JSON.parse(json) as typeof midSnap), 400).medianMs * 1000, 2),
  ],
  [
    'in-simulator dct of all 10 colours (left box)',
    fmt(
      measure(() => {
        let s = 0;
        for (let c = 0; c < 10; c++) s += mid.dctFor(c, 1);
        return s;
      }, 400).medianMs * 1000,
      3,
    ),
  ],
]);

// 3. The AUC table: dct against box failure over thousands of spawned boxes.
const family = (n: number, from: number): Level[] =>
  Array.from({ length: n }, (_, i) =>
    generated({ colors: 6, boxesPerColor: 2, layers: 4, width: 6, height: 6, seed: from + i }),
  );
const train = family(20, 100);
const test = family(20, 200);
console.log(
  `\nAUC table: 20 generated levels (6 colours × 2 boxes, 4 layers, 6×6), the article's threshold 55; failure = box not finished`,
);
const aucRows: (string | number)[][] = [
  [
    'bot',
    'policy',
    'games',
    'win %',
    'boxes',
    'failed',
    'verdict',
    'AUC',
    'Spearman',
    'hard fail %',
    'easy fail %',
    'hard share %',
    'best cut',
    'monotone',
  ],
];
const aucPolicies: [string, SpawnPolicy][] = [
  ['random', { kind: 'random' }],
  ['band [0,55] first (article)', { kind: 'band', low: 0, high: 55 }],
  ['band [0,40] random', { kind: 'band', low: 0, high: 40, choice: 'random' }],
  [
    'band [60,100] random/nearest',
    { kind: 'band', low: 60, high: 100, choice: 'random', fallback: 'nearest' },
  ],
  ['blend K=0 (most available)', { kind: 'blend', k: 0 }],
  ['blend K=1 (rarest)', { kind: 'blend', k: 1 }],
];
const pooled: BoxRecord[] = [];
const { ms: aucMs } = timeOnce(() => {
  for (const bot of bots) {
    const runs = bot.kind === 'lookahead' ? 100 : 150;
    for (const [name, policy] of aucPolicies) {
      const records: BoxRecord[] = [];
      let wins = 0;
      let games = 0;
      train.forEach((lvl, i) => {
        const r = simulate(lvl, { runs, bot, policy, seed: i });
        wins += r.wins;
        games += r.work;
        for (const b of r.boxes) records.push(b);
      });
      if (bot.kind === 'greedy') for (const b of records) pooled.push(b);
      const rep = indexReport(records);
      const tally = tallyRecords(records);
      const cut = bestCut(tally);
      const mono = monotonicity(tallyBins(tally));
      aucRows.push([
        bot.kind,
        name,
        games,
        fmt(100 * (wins / games), 1),
        rep.boxes,
        rep.failures,
        indexVerdict(tally).strength,
        fmt(rep.auc, 3),
        fmt(rep.spearman, 3),
        fmt(100 * rep.hardFailRate, 1),
        fmt(100 * rep.easyFailRate, 1),
        fmt(100 * rep.hardShare, 1),
        cut
          ? cut.tiedUpTo > cut.threshold
            ? `${cut.threshold}–${cut.tiedUpTo}`
            : cut.threshold
          : '–',
        mono.monotone ? 'yes' : 'no',
      ]);
    }
  }
});
table(aucRows);
console.log(`(${fmt(aucMs / 1000, 1)} s)`);

// 3b. Which way the bands move each player model (issue 29): win rate per dct band.
console.log('\nwin rate per dct band (new boxes: a random colour in band, else the nearest):');
const bandRows: (string | number)[][] = [
  ['bot', 'random boxes', '0–20', '20–40', '40–55', '55–70', '70–85', '85–100', 'lower is easier'],
];
for (const bot of bots) {
  const r = compareBands({
    levels: train,
    bot,
    bands: [
      [0, 20],
      [20, 40],
      [40, 55],
      [55, 70],
      [70, 85],
      [85, 100],
    ],
    runsPerLevel: bot.kind === 'lookahead' ? 30 : 150,
    seed: 0,
  });
  bandRows.push([
    bot.kind,
    fmt(100 * r.baseline.winRate, 1),
    ...r.bands.map(
      (b) =>
        `${fmt(100 * b.winRate, 1)} ${b.versusRandom === 'easier' ? '↑' : b.versusRandom === 'harder' ? '↓' : '='}`,
    ),
    r.lowerIsEasier ? 'yes' : 'no',
  ]);
  console.log(r.words);
}
table(bandRows);

// 4. Refit on the greedy records of the training levels; check on fresh levels.
const fit = refitParams(pooled);
const held: BoxRecord[] = [];
test.forEach((lvl, i) => {
  for (const [, policy] of aucPolicies)
    for (const b of simulate(lvl, { runs: 60, bot: { kind: 'greedy' }, policy, seed: 1000 + i })
      .boxes)
      held.push(b);
});
const seedHeld = indexReport(held, SEED_PARAMS);
const fitHeld = indexReport(held, fit.params);
console.log(
  `\nrefit on ${pooled.length} greedy boxes (tray weight 0..100 step 5, supply = 100 − tray; threshold by Youden's J):`,
);
table([
  ['params', 'train AUC', 'held-out AUC', 'held-out hard fail %', 'held-out easy fail %'],
  [
    `article 30/70, threshold 55`,
    fmt(fit.seedAuc, 3),
    fmt(seedHeld.auc, 3),
    fmt(100 * seedHeld.hardFailRate, 1),
    fmt(100 * seedHeld.easyFailRate, 1),
  ],
  [
    `refit ${fit.params.trayWeight}/${fit.params.supplyWeight}, threshold ${fit.params.threshold}`,
    fmt(fit.auc, 3),
    fmt(fitHeld.auc, 3),
    fmt(100 * fitHeld.hardFailRate, 1),
    fmt(100 * fitHeld.easyFailRate, 1),
  ],
]);
console.log(
  `refit threshold: TPR ${fmt(fit.tpr, 3)}, FPR ${fmt(fit.fpr, 3)} on training boxes (held-out: ${held.length} boxes)`,
);

// 5. Dynamic difficulty: the controller holds a target win rate by moving the band.
console.log(
  '\ndifficulty controller (band width 20, gain 8, games over the 20 training levels, first 10% not counted):',
);
const ctrlRows: (string | number)[][] = [
  ['bot', 'games', 'target win %', 'measured win %', 'mean band centre'],
];
for (const target of [0.1, 0.2, 0.3, 0.4, 0.5]) {
  const r = runController({ levels: train, target, games: 1500, bot: { kind: 'greedy' }, seed: 7 });
  ctrlRows.push([
    'greedy',
    r.games,
    fmt(100 * target, 0),
    fmt(100 * r.winRate, 1),
    fmt(r.meanCenter, 1),
  ]);
}
for (const target of [0.4, 0.5, 0.6, 0.7, 0.8]) {
  const r = runController({
    levels: train,
    target,
    games: 800,
    bot: { kind: 'lookahead' },
    seed: 7,
  });
  ctrlRows.push([
    'lookahead',
    r.games,
    fmt(100 * target, 0),
    fmt(100 * r.winRate, 1),
    fmt(r.meanCenter, 1),
  ]);
}
table(ctrlRows);

// 6. The two readings of "top two layers" and l: the prose's (layer count) and the C#'s (bars
// covering each screw). How often they disagree, and how well each predicts box failure.
console.log(
  '\nreadings compared on the 20 training levels (greedy bot, random boxes, 30 playouts per level):',
);
{
  let ratings = 0;
  let differ = 0;
  let flips = 0;
  let spawns = 0;
  let spawnDiffer = 0;
  let spawnFlips = 0;
  train.forEach((level, li) => {
    const lv = compileLevel(level);
    for (let run = 0; run < 30; run++) {
      const rng = Rng.from(li * 1000 + run);
      const random = makeSpawner({ kind: 'random' }, rng.fork());
      const ch = makeChooser({ kind: 'greedy' }, rng.fork());
      // Two games in lockstep, same taps and same boxes; each records dct in its own reading.
      const chosen: number[] = [];
      const sp: Spawner = (g, slot) => {
        const c = random(g, slot);
        chosen.push(c);
        return c;
      };
      const replay: Spawner = () => chosen.shift()!;
      const prose = new Game(lv, 2, SEED_PARAMS, true);
      const cover = new Game(lv, 2, { ...SEED_PARAMS, reading: 'cover' }, true);
      prose.refill(sp);
      cover.refill(replay);
      const moves = new Int32Array(lv.nScrews);
      while (prose.status === 0) {
        // Every colour that could get the next box, in each position a box could spawn.
        for (let c = 0; c < lv.colors.length; c++) {
          if (prose.boxesLeft[c]! <= 0) continue;
          for (const slot of [0, 1]) {
            if (slot === 1 && prose.boxColor[0]! < 0) continue;
            const a = prose.dctFor(c, slot);
            const b = cover.dctFor(c, slot);
            ratings++;
            if (Math.abs(a - b) > 1e-9) differ++;
            if (a > 55 !== b > 55) flips++;
          }
        }
        const n = prose.legal(moves);
        if (n === 0) break;
        const s = ch.choose(prose, moves, n);
        prose.tap(s, sp);
        cover.tap(s, replay);
      }
      prose.records!.forEach((r, k) => {
        const other = cover.records![k]!.dct;
        spawns++;
        if (Math.abs(other - r.dct) > 1e-9) spawnDiffer++;
        if (other > 55 !== r.dct > 55) spawnFlips++;
      });
    }
  });
  console.log(
    `every rating during play (${ratings} colour × position × state): the readings give a different dct in ${fmt((100 * differ) / ratings, 1)} %, and disagree on hard/easy (55) in ${fmt((100 * flips) / ratings, 1)} %`,
  );
  console.log(
    `at the ${spawns} spawns: different dct in ${fmt((100 * spawnDiffer) / spawns, 1)} %, hard/easy flipped in ${fmt((100 * spawnFlips) / spawns, 1)} %`,
  );
  const readingRows: (string | number)[][] = [
    ['bot', 'reading', 'games', 'boxes', 'AUC', 'best cut', 'J at best', 'J at 55', 'monotone'],
  ];
  for (const bot of bots) {
    for (const reading of ['layers', 'cover'] as Reading[]) {
      const t = new TallyBuilder();
      let games = 0;
      train.forEach((lvl, i) => {
        const r = simulate(lvl, {
          runs: bot.kind === 'lookahead' ? 60 : 150,
          bot,
          policy: { kind: 'random' },
          seed: i,
          keepBoxes: false,
          params: { ...SEED_PARAMS, reading },
        });
        games += r.work;
        t.addTally(r.tally);
      });
      const tally = t.build();
      const cut = bestCut(tally);
      readingRows.push([
        bot.kind,
        reading === 'layers' ? 'layers (prose)' : 'cover (C#)',
        games,
        tally.boxes.reduce((a, b) => a + b, 0),
        fmt(tallyAuc(tally), 3),
        cut ? cut.threshold : '–',
        cut ? fmt(cut.j, 3) : '–',
        fmt(cutAt(tally, 55).j, 3),
        monotonicity(tallyBins(tally)).monotone ? 'yes' : 'no',
      ]);
    }
  }
  table(readingRows);
}
