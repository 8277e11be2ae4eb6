import { BOX, GOAL, WALL, type Level } from '../model.js';

/**
 * Independent truth for the solver's tests: a plain breadth-first search over pushes, keyed by the
 * sorted boxes and the player's region, with strings and Sets and nothing of the solver's own.
 * Returns the fewest pushes, -1 when the search space is exhausted without a solution, or null when
 * it held more than `limit` states first.
 */
export function bruteForcePushes(level: Level, limit = 200_000): number | null {
  const { width, cells } = level;
  const off = [-1, -width, 1, width];
  const boxes0: number[] = [];
  for (let c = 0; c < cells.length; c++) if (cells[c]! & BOX) boxes0.push(c);
  const region = (boxes: Set<number>, p: number): number[] => {
    const seen = new Set([p]);
    const stack = [p];
    while (stack.length > 0) {
      const c = stack.pop()!;
      for (const o of off) {
        const t = c + o;
        if (!seen.has(t) && !(cells[t]! & WALL) && !boxes.has(t)) {
          seen.add(t);
          stack.push(t);
        }
      }
    }
    return [...seen];
  };
  const keyOf = (boxes: number[], reach: number[]): string =>
    `${[...boxes].sort((a, b) => a - b).join(',')}|${Math.min(...reach)}`;
  let frontier: { boxes: number[]; player: number }[] = [{ boxes: boxes0, player: level.player }];
  const seen = new Set([keyOf(boxes0, region(new Set(boxes0), level.player))]);
  for (let depth = 0; frontier.length > 0; depth++) {
    if (seen.size > limit) return null;
    const next: typeof frontier = [];
    for (const s of frontier) {
      if (s.boxes.every((b) => cells[b]! & GOAL)) return depth;
      const set = new Set(s.boxes);
      for (const c of region(set, s.player)) {
        for (const o of off) {
          const b = c + o;
          const t = b + o;
          if (!set.has(b) || cells[t]! & WALL || set.has(t)) continue;
          const nb = s.boxes.map((x) => (x === b ? t : x));
          const k = keyOf(nb, region(new Set(nb), b));
          if (seen.has(k)) continue;
          seen.add(k);
          next.push({ boxes: nb, player: b });
        }
      }
    }
    frontier = next;
  }
  return -1;
}
