// Figures for @puzzlekit/rng: integers per second against Math.random, and the other draws.
import { header, measure, table, fmt } from '@puzzlekit/bench-tools';
import { Rng } from '../src/index.js';

header('@puzzlekit/rng');

const BATCH = 10_000;
const rng = Rng.from('bench');
const rows: (string | number)[][] = [['operation', 'values per second', 'vs Math.random']];

const mathRandomInts =
  measure(() => {
    let s = 0;
    for (let i = 0; i < BATCH; i++) s += Math.floor(Math.random() * 6) + 1;
    return s;
  }).perSecond * BATCH;

const cases: [string, () => number][] = [
  ['int(1, 6)', () => rng.int(1, 6)],
  ['int(0, 999_999)', () => rng.int(0, 999_999)],
  ['uint32()', () => rng.uint32()],
  ['float()', () => rng.float()],
  ['bool(0.3)', () => (rng.bool(0.3) ? 1 : 0)],
];
rows.push(['Math.floor(Math.random() * 6) + 1', fmt(mathRandomInts, 0), '1.00']);
for (const [name, draw] of cases) {
  const perSecond =
    measure(() => {
      let s = 0;
      for (let i = 0; i < BATCH; i++) s += draw();
      return s;
    }).perSecond * BATCH;
  rows.push([name, fmt(perSecond, 0), (perSecond / mathRandomInts).toFixed(2)]);
}
table(rows);

const deck = Array.from({ length: 52 }, (_, i) => i);
const shuffle = measure(() => rng.shuffle(deck));
const big = Array.from({ length: 100_000 }, (_, i) => i);
const sample = measure(() => rng.sample(big, 100));
console.log(
  `\nshuffle of 52 cards: ${fmt(shuffle.perSecond, 0)} per second; sample 100 of 100,000: ${fmt(sample.perSecond, 0)} per second`,
);
