import { generate } from './src/index.js';
const [type, size, pushes, answer] = process.argv.slice(2);
const t = performance.now();
try {
  const g = generate({
    type: type as 'w',
    size: Number(size),
    pushes: Number(pushes),
    seed: 1,
    answer: answer as 'lurd',
    maxMs: 20000,
  });
  console.log('ok', g.pushes, g.moves);
} catch (e) {
  console.log((e as Error).constructor.name, (e as Error).message);
}
console.log(
  '  ',
  (performance.now() - t).toFixed(0),
  'ms',
  (process.memoryUsage().rss / 2 ** 20).toFixed(0),
  'MB',
);
