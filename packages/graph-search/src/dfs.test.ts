import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import { describeOutcome } from '@puzzlekit/job';
import { depthFirstSearch, type ReversibleProblem } from './index.js';

/** A walker on a directed graph: the position is the current node, a move is the node to go to. */
function graphWalker(
  n: number,
  edges: readonly (readonly [number, number])[],
  goals: ReadonlySet<number>,
): ReversibleProblem<number> & { at: number; played: number } {
  const out: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) out[a]!.push(b);
  const trail: number[] = [];
  const walker = {
    at: 0,
    played: 0,
    isGoal: () => goals.has(walker.at),
    key: () => walker.at,
    moves: (sink: { push(m: number): void }) => {
      for (const m of out[walker.at]!) sink.push(m);
    },
    play(m: number) {
      if (!out[walker.at]!.includes(m)) throw new Error(`no edge ${walker.at} → ${m}`);
      trail.push(walker.at);
      walker.at = m;
      walker.played++;
    },
    undo(m: number) {
      if (walker.at !== m) throw new Error('undo of a move that was not the last');
      walker.at = trail.pop()!;
    },
  };
  return walker;
}

/** Reference: reachability by repeated relaxation of a boolean vector (no search order at all). */
function reachable(n: number, edges: readonly (readonly [number, number])[]): boolean[] {
  const r = new Array<boolean>(n).fill(false);
  r[0] = true;
  for (let changed = true; changed;) {
    changed = false;
    for (const [a, b] of edges) {
      if (r[a] && !r[b]) {
        r[b] = true;
        changed = true;
      }
    }
  }
  return r;
}

const arbGraph = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 })), { maxLength: 40 }),
    goals: fc.uniqueArray(fc.nat({ max: n - 1 }), { maxLength: 3 }),
  }),
);

describe('depthFirstSearch', () => {
  it('solves exactly when a goal is reachable, with a real line of moves (property)', () => {
    fc.assert(
      fc.property(arbGraph, ({ n, edges, goals }) => {
        const goalSet = new Set(goals);
        const walker = graphWalker(n, edges, goalSet);
        const r = depthFirstSearch(walker);
        const canReach = reachable(n, edges).some((ok, i) => ok && goalSet.has(i));
        expect(r.outcome.kind).toBe(canReach ? 'solved' : 'impossible');
        expect(walker.at).toBe(0); // back at the start
        if (canReach) {
          let at = 0;
          for (const m of r.moves!) {
            expect(edges.some(([a, b]) => a === at && b === m)).toBe(true);
            at = m;
          }
          expect(goalSet.has(at)).toBe(true);
        } else {
          expect(r.moves).toBeNull();
          // a proof of impossibility expanded every reachable node exactly once
          expect(r.work).toBe(reachable(n, edges).filter(Boolean).length);
        }
        expect(r.memo).toBeLessThanOrEqual(n);
      }),
    );
  });

  it('on commuting moves, decides subset sum like brute force, expanding each subset once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 150 }),
        (items, target) => {
          // position: the set of items taken (a bitmask); a move takes one more item
          let taken = 0;
          let sum = 0;
          const problem: ReversibleProblem<number> = {
            isGoal: () => sum === target,
            key: () => taken,
            moves: (sink) => {
              for (let i = 0; i < items.length; i++)
                if (!(taken & (1 << i)) && sum + items[i]! <= target) sink.push(i);
            },
            play: (i) => {
              taken |= 1 << i;
              sum += items[i]!;
            },
            undo: (i) => {
              taken &= ~(1 << i);
              sum -= items[i]!;
            },
          };
          let brute = false;
          for (let mask = 0; mask < 1 << items.length; mask++) {
            let s = 0;
            for (let i = 0; i < items.length; i++) if (mask & (1 << i)) s += items[i]!;
            if (s === target) brute = true;
          }
          const r = depthFirstSearch(problem);
          expect(r.outcome.kind).toBe(brute ? 'solved' : 'impossible');
          expect(taken).toBe(0);
          if (brute) expect(r.moves!.reduce((s, i) => s + items[i]!, 0)).toBe(target);
          expect(r.work).toBeLessThanOrEqual(1 << items.length);
        },
      ),
    );
  });

  it('walks a line of 200,000 moves without a call-stack limit', () => {
    const n = 200_001;
    let at = 0;
    const r = depthFirstSearch({
      isGoal: () => at === n - 1,
      key: () => at,
      moves: (sink) => sink.push(at + 1),
      play: (m) => (at = m),
      undo: (m) => (at = m - 1),
    });
    expect(r.outcome.kind).toBe('solved');
    expect(r.moves).toHaveLength(n - 1);
    expect(r.maxDepth).toBe(n - 1);
    expect(at).toBe(0);
  });

  it('gives up on nodes, time or memory, naming the bound, and leaves the position at the start', () => {
    // an endless binary tree: every position played gets a new key, so none ever repeats
    const line = [0];
    let fresh = 1;
    const tree: ReversibleProblem<number> = {
      isGoal: () => false,
      key: () => line[line.length - 1]!,
      moves: (sink) => {
        sink.push(0);
        sink.push(1);
      },
      play: () => line.push(fresh++),
      undo: () => line.pop(),
    };
    const byNodes = depthFirstSearch(tree, { maxWork: 1000 });
    expect(describeOutcome(byNodes.outcome)).toBe('gave up: work budget of 1,000 nodes reached');
    expect(byNodes.work).toBe(1000);
    expect(line).toEqual([0]);
    const byMemory = depthFirstSearch(tree, { maxStates: 64, maxWork: Infinity });
    expect(byMemory.outcome).toEqual({
      kind: 'gave-up',
      bound: 'memory',
      limit: 64,
      unit: 'states',
    });
    expect(byMemory.memo).toBe(64);
    let t = 0;
    const byTime = depthFirstSearch(tree, {
      maxMs: 1,
      maxWork: Infinity,
      now: () => (t += 0.001),
    });
    expect(byTime.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 1, unit: 'ms' });
    expect(line).toEqual([0]);
  });

  it('solves at the start with no moves, and puts the position back when the problem throws', () => {
    expect(
      depthFirstSearch({
        isGoal: () => true,
        key: () => 0,
        moves: () => undefined,
        play: () => undefined,
        undo: () => undefined,
      }).moves,
    ).toEqual([]);
    const walker = graphWalker(
      3,
      [
        [0, 1],
        [1, 2],
      ],
      new Set([2]),
    );
    const broken = {
      ...walker,
      isGoal: () => {
        if (walker.at === 2) throw new Error('boom');
        return false;
      },
    };
    expect(() => depthFirstSearch(broken)).toThrow('boom');
    expect(walker.at).toBe(0);
    expect(() => depthFirstSearch(walker, { maxWork: -5 })).toThrow(InvalidInputError);
  });
});
