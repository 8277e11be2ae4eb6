// Figures for screw-jam-difficulty: playouts per second on a 10-colour level, rating time, the AUC
// table of dct against simulated box failure, refitted weights, and the difficulty controller.
import { fmt, header, measure, table, timeOnce } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import {
  compileLevel,
  Game,
  generateLevel,
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
  type BotOptions,
  type BoxRecord,
  type Level,
  type SpawnPolicy,
} from '../src/index.js';

header('@puzzlekit/screw-jam-difficulty');

// 1. Playouts per second on a 10-colour level.
const ten = generateLevel({
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
  ['band [0,55] (seed)', { kind: 'band', low: 0, high: 55 }],
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
const solveRows: (string | number)[][] = [['box order', 'status', 'states', 'ms']];
{
  const orders: [string, readonly string[]][] = [['recorded', ten.solution!.boxes]];
  const rng = Rng.from(9);
  for (let i = 1; i <= 4; i++) orders.push([`shuffled #${i}`, rng.shuffled(ten.solution!.boxes)]);
  for (const [name, boxes] of orders) {
    const { result, ms } = timeOnce(() => solveLevel(ten, { boxes }));
    solveRows.push([name, result.status, result.nodes, fmt(ms, 1)]);
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
    generateLevel({ colors: 6, boxesPerColor: 2, layers: 4, width: 6, height: 6, seed: from + i }),
  );
const train = family(20, 100);
const test = family(20, 200);
console.log(
  `\nAUC table: 20 generated levels (6 colours × 2 boxes, 4 layers, 6×6), seed-55 threshold; failure = box not finished`,
);
const aucRows: (string | number)[][] = [
  [
    'bot',
    'policy',
    'games',
    'win %',
    'boxes',
    'failed',
    'AUC',
    'Spearman',
    'hard fail %',
    'easy fail %',
    'hard share %',
  ],
];
const aucPolicies: [string, SpawnPolicy][] = [
  ['random', { kind: 'random' }],
  ['band [0,55] first (seed)', { kind: 'band', low: 0, high: 55 }],
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
        games += r.runs;
        for (const b of r.boxes) records.push(b);
      });
      if (bot.kind === 'greedy') for (const b of records) pooled.push(b);
      const rep = indexReport(records);
      aucRows.push([
        bot.kind,
        name,
        games,
        fmt(100 * (wins / games), 1),
        rep.boxes,
        rep.failures,
        fmt(rep.auc, 3),
        fmt(rep.spearman, 3),
        fmt(100 * rep.hardFailRate, 1),
        fmt(100 * rep.easyFailRate, 1),
        fmt(100 * rep.hardShare, 1),
      ]);
    }
  }
});
table(aucRows);
console.log(`(${fmt(aucMs / 1000, 1)} s)`);

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
    `seed 30/70, threshold 55`,
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
