import type { Level } from '../model.js';
import { CorralPruner } from '../solve/corral.js';
import { CorralDeadlocks } from '../solve/corraldead.js';
import { Space } from '../solve/space.js';

/**
 * The corral analysis of a level's start position, as the searches run it on a popped state: the
 * player's region flooded and marked, then {@link CorralPruner.analyse}. With `subSearch`, corral
 * deadlocks are also proven by the sub-search and corrals joined across touchable boxes (the fast
 * mode's guided run). Returns the analysis result and the pruner (its `pushes` hold the corral's).
 */
export function analyseStartCorral(
  level: Level,
  subSearch = false,
): { result: number; pruner: CorralPruner } {
  const sp = new Space(level);
  const occ = new Uint8Array(sp.size);
  for (const c of sp.startBoxes) occ[c] = 1;
  sp.flood(occ, level.player);
  sp.markRegion();
  const pruner = new CorralPruner(sp);
  if (subSearch) {
    const deadlocks = new CorralDeadlocks(sp);
    pruner.deadlockTest = (boxes, n, inside) => deadlocks.isDead(boxes, n, level.player, inside);
    pruner.mergeAcross = true;
  }
  return { result: pruner.analyse(occ), pruner };
}
