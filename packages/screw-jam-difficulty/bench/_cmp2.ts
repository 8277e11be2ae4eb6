import { Rng } from '@puzzlekit/rng';
import { compareCpu } from '@puzzlekit/bench-tools';
import { generateLevelWithReplay, solveLevel } from '../src/index.js';
import { solveLevel as before } from './before/solve.js';
for (const [colors, slots, seed, idx] of [
  [8, 1, 3, 0],
  [8, 1, 5, 0],
  [6, 1, 1, 0],
  [10, 2, 4, 0],
  [8, 1, 5, 2],
] as const) {
  const g = generateLevelWithReplay({ colors, layers: 5, width: 6, height: 8, seed });
  const rng = Rng.from(seed + 100);
  let boxes = rng.shuffled(g.level.solution!.boxes);
  for (let i = 0; i < idx; i++) boxes = rng.shuffled(g.level.solution!.boxes);
  const c = compareCpu(
    () => before(g.level, { boxes, boxSlots: slots, nodeBudget: 1e7 }),
    () => solveLevel(g.level, { boxes, boxSlots: slots, maxNodes: 1e7 }),
    5,
    200,
  );
  console.log(colors, slots, seed, idx, c);
}
