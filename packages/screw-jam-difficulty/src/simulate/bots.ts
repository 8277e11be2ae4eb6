import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import type { Rng } from '@puzzlekit/rng';
import type { Game } from './engine.js';
import { LOST, WON } from './engine.js';

/**
 * A bot player: `random` taps a uniformly random screw that has somewhere to go; `greedy` scores each
 * such screw (into a box first, then a colour already in the tray or plentiful on top, then screws
 * that drop a bar and uncover others) and takes the best (random tie-break); `lookahead` searches
 * `depth` taps ahead without knowing future boxes (new boxes do not appear in its search), taking a
 * screw that fits a box at once and searching only the choices of a screw for the tray; it scores
 * the leaves by boxes completed, box fill and tray load, within `nodesPerDecision` states per decision
 * (then it falls back to greedy).
 */
export type BotKind = 'random' | 'greedy' | 'lookahead';

/** Bot settings. */
export interface BotOptions {
  /** Which bot. */
  readonly kind: BotKind;
  /** Lookahead depth in taps (default 2). */
  readonly depth?: number;
  /**
   * Lookahead states per decision before that decision is played greedily (default 4000). A bound
   * of the player model, not of the job: it is the same on every machine.
   */
  readonly nodesPerDecision?: number;
}

/** Checks bot options. */
export function checkBot(bot: BotOptions): BotOptions {
  if (bot.kind !== 'random' && bot.kind !== 'greedy' && bot.kind !== 'lookahead')
    throw new InvalidInputError(`unknown bot ${quoteInput(String(bot.kind))}`, {
      code: 'INVALID_BOT',
    });
  if (bot.depth !== undefined && !(Number.isInteger(bot.depth) && bot.depth >= 1 && bot.depth <= 6))
    throw new InvalidInputError(`lookahead depth must be 1..6, got ${bot.depth}`, {
      code: 'INVALID_BOT',
    });
  const v = bot.nodesPerDecision;
  if (v !== undefined && !(Number.isInteger(v) && v >= 1))
    throw new InvalidInputError(`nodesPerDecision must be a whole number ≥ 1, got ${v}`, {
      code: 'INVALID_BOT',
    });
  return bot;
}

/** A move chooser: returns a screw among `moves[0..n)`; `budgetHit` is set when lookahead gave up. */
export interface Chooser {
  choose(g: Game, moves: Int32Array, n: number): number;
  budgetHits: number;
}

/** Heuristic value of tapping s now (higher is better). */
export function moveScore(g: Game, s: number): number {
  const lv = g.lv;
  const dest = g.destination(s);
  if (dest < 0) return -1e6;
  const c = lv.screwColor[s]!;
  let score = 0;
  if (dest < 2) score += 1000 + (g.boxFill[dest] === 2 ? 50 : 0) + (dest === 0 ? 10 : 0);
  else
    score +=
      20 * g.tray[c]! + 6 * (g.free[c]! - 1) - 40 * (g.trayTotal + 1 === lv.traySize ? 1 : 0);
  const b = lv.screwBar[s]!;
  if (g.barLeft[b] === 1) {
    let uncovered = 0;
    for (let k = lv.coveredStart[b]!; k < lv.coveredStart[b + 1]!; k++) {
      const t = lv.coveredList[k]!;
      if (g.present[t] === 1 && g.depth[t] === 1) uncovered++;
    }
    score += 4 + 3 * uncovered;
  }
  return score;
}

/** Keeps only the moves into a box when there are any (in place); returns the new count. */
function boxMovesFirst(g: Game, moves: Int32Array, n: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (g.destination(moves[i]!) < 2) moves[k++] = moves[i]!;
  return k > 0 ? k : n;
}

/** Value of a state for lookahead leaves. */
function evaluate(g: Game): number {
  if (g.status === LOST) return -1e7;
  if (g.status === WON) return 1e7;
  let v = 300 * g.completed - 60 * g.trayTotal;
  for (let k = 0; k < g.boxSlots; k++) {
    const c = g.boxColor[k]!;
    if (c >= 0) v += 40 * g.boxFill[k]! + 15 * Math.min(g.free[c]!, 3 - g.boxFill[k]!);
  }
  for (let c = 0; c < g.tray.length; c++) v += 10 * g.tray[c]! * Math.min(g.free[c]!, 3);
  if (g.trayTotal >= g.lv.traySize) v -= 200;
  return v;
}

/**
 * Makes the chooser for a bot; randomness (tie-breaks, random bot) comes from `rng`. `timeUp`, when
 * given, is polled during a lookahead search (every 256 states): once it says true, the search stops
 * and the decision is played greedily, so a time limit also bounds a single deep decision (the
 * playout is then cut short and not counted: see `simulate`).
 */
export function makeChooser(bot: BotOptions, rng: Rng, timeUp?: () => boolean): Chooser {
  checkBot(bot);
  const greedy = (g: Game, moves: Int32Array, n: number): number => {
    let best = moves[0]!;
    let bestScore = -Infinity;
    let ties = 0;
    for (let i = 0; i < n; i++) {
      const sc = moveScore(g, moves[i]!);
      if (sc > bestScore) {
        bestScore = sc;
        best = moves[i]!;
        ties = 1;
      } else if (sc === bestScore && rng.below(++ties) === 0) best = moves[i]!;
    }
    return best;
  };
  if (bot.kind === 'random') {
    return { choose: (_g, moves, n) => moves[rng.below(n)]!, budgetHits: 0 };
  }
  if (bot.kind === 'greedy') return { choose: greedy, budgetHits: 0 };
  const depth = bot.depth ?? 2;
  const budget = bot.nodesPerDecision ?? 4000;
  // A hand-written counter, not a BudgetMeter: the budget is per decision (thousands per playout),
  // and the search is a fixed-depth look ahead with no memo, not one of the core's searches.
  const scratch: Int32Array[] = [];
  for (let d = 0; d <= depth; d++) scratch.push(new Int32Array(1));
  const states: Game[] = [];
  const stateAt = (g: Game, d: number): Game => {
    let h = states[d];
    if (!h || h.lv !== g.lv) states[d] = h = g.clone();
    else h.copyFrom(g);
    return h;
  };
  let nodes = 0;
  let gaveUp = false;
  const search = (g: Game, d: number): number => {
    if (d === 0 || g.status !== 0) return evaluate(g);
    let buf = scratch[d]!;
    if (buf.length < g.lv.nScrews) scratch[d] = buf = new Int32Array(g.lv.nScrews);
    let n = g.legal(buf);
    if (n === 0) return -1e7;
    n = boxMovesFirst(g, buf, n);
    let best = -Infinity;
    for (let i = 0; i < n; i++) {
      if (nodes >= budget || ((nodes & 255) === 255 && timeUp?.() === true)) {
        gaveUp = true;
        break;
      }
      nodes++;
      const h = stateAt(g, d);
      h.tap(buf[i]!, null);
      const v = search(h, d - 1);
      if (v > best) best = v;
    }
    return best === -Infinity ? evaluate(g) : best;
  };
  const chooser: Chooser = {
    budgetHits: 0,
    choose(g, moves, n) {
      if (n === 1) return moves[0]!;
      // A screw that fits a box never hurts: take those greedily and search only tray decisions.
      for (let i = 0; i < n; i++) if (g.destination(moves[i]!) < 2) return greedy(g, moves, n);
      nodes = 0;
      gaveUp = false;
      let best = moves[0]!;
      let bestV = -Infinity;
      let ties = 0;
      const order = Array.from(moves.subarray(0, n));
      for (const s of order) {
        const h = stateAt(g, depth);
        h.tap(s, null);
        nodes++;
        // Small greedy term breaks ties between equally valued futures.
        const v = search(h, depth - 1) + moveScore(g, s) * 0.01;
        if (v > bestV) {
          bestV = v;
          best = s;
          ties = 1;
        } else if (v === bestV && rng.below(++ties) === 0) best = s;
        if (gaveUp) break;
      }
      if (gaveUp) {
        chooser.budgetHits++;
        return greedy(g, moves, n);
      }
      return best;
    },
  };
  return chooser;
}
