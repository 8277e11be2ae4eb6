// Replays a peer solver's answers with this package's own verifier: `tsx bench/replay-tsv.ts
// COLLECTION.xsb RESULTS.tsv` where RESULTS.tsv has the columns level, solved, cpu_s, lurd (the
// format of Festival's run.sh). Prints solved-and-replayed, the median and worst CPU.
import { readFileSync } from 'node:fs';
import { parseXsb, verify } from '../src/index.js';

const [collection, results] = process.argv.slice(2);
if (!collection || !results) throw new Error('usage: replay-tsv.ts COLLECTION.xsb RESULTS.tsv');
const levels = parseXsb(readFileSync(collection, 'utf8')).levels;
let replayed = 0;
let claimed = 0;
const cpu: number[] = [];
const failed: string[] = [];
for (const line of readFileSync(results, 'utf8').trim().split('\n').slice(1)) {
  const [level, solved, cpuS, lurd] = line.split('\t');
  cpu.push(Number(cpuS) * 1000);
  if (solved !== 'yes') continue;
  claimed++;
  const v = verify(levels[Number(level) - 1]!, lurd ?? '');
  if (v.solved) replayed++;
  else failed.push(level!);
}
cpu.sort((a, b) => a - b);
console.log(
  `${replayed}/${cpu.length} solved and replayed (${claimed} claimed${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}); median CPU ${Math.round(cpu[cpu.length >> 1]!)} ms, worst ${Math.round(cpu[cpu.length - 1]!)} ms`,
);
