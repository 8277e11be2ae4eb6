import type { Rng } from '@puzzlekit/rng';
import type { GateProblem } from '../solve/exact.js';

/**
 * A random floor with cycles for benchmarks and budget tests: rooms on a random spanning tree plus
 * extra guards that close cycles, costs by the linear model with savings large enough that the order
 * matters (so branch and bound prunes little).
 */
export function randomCyclicFloor(rng: Rng, gates: number): GateProblem {
  const rooms = Math.ceil(gates * 0.6) + 1;
  const regionReward = Array.from({ length: rooms }, (_, i) => (i === 0 ? 0 : rng.int(1, 9) * 3));
  const total = regionReward.reduce((a, b) => a + b, 0);
  const gateRegions: number[][] = [];
  for (let r = 1; r < rooms; r++) gateRegions.push([rng.below(r), r]);
  while (gateRegions.length < gates) {
    const a = rng.below(rooms);
    let b = rng.below(rooms);
    if (a === b) b = (b + 1) % rooms;
    gateRegions.push([Math.min(a, b), Math.max(a, b)]);
  }
  const saving = gateRegions.map(() => rng.int(1, 12));
  return {
    regionReward,
    start: 0,
    gateRegions,
    gateGates: gateRegions.map(() => []),
    base: saving.map((a) => a * total + rng.int(10, 400)),
    saving,
  };
}
