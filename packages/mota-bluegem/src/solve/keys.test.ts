import { Rng } from '@puzzlekit/rng';
import { describe, expect, it } from 'vitest';
import { compileGates, orderCost, solveGates } from './exact.js';
import { solveGatesWithKeys, type KeyResources } from './keys.js';
import { randomCyclicFloor } from '../testing/cyclic.js';

describe('solveGatesWithKeys', () => {
  const problem = randomCyclicFloor(Rng.from('keys-budget'), 14);
  const cost = (k: number, gained: number): number =>
    (problem.base[k] ?? 0) - (problem.saving[k] ?? 0) * gained;
  const keys = (start: number): KeyResources => ({
    ids: ['yellowKey'],
    start: [start],
    need: problem.gateRegions.map(() => [1]),
    supply: problem.regionReward.map(() => [0]),
  });

  it('with a key for every gate, finds the same least damage as the search without keys', () => {
    const compiled = compileGates(problem);
    const plain = solveGates(compiled, { strategy: 'gates' });
    const withKeys = solveGatesWithKeys(compiled, keys(problem.base.length), { cost });
    expect(withKeys.outcome).toEqual({ kind: 'solved' });
    expect(withKeys.optimal).toBe(true);
    expect(withKeys.cost).toBe(plain.cost);
    expect(orderCost(compiled, withKeys.order, cost)).toBe(withKeys.cost);
    expect(withKeys.gained).toBe(withKeys.target);
  });

  it('with no key, opens nothing and proves it', () => {
    const none = solveGatesWithKeys(problem, keys(0), { cost });
    expect(none.order).toEqual([]);
    expect(none.outcome).toEqual({ kind: 'solved' });
    expect(none.gained).toBe(problem.regionReward[problem.start]);
  });

  it('stops at the work and memory budgets and names the bound', () => {
    const nodes = solveGatesWithKeys(problem, keys(99), { cost, budget: { maxWork: 4 } });
    expect(nodes.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 4, unit: 'nodes' });
    expect(nodes.work).toBe(4);
    expect(nodes.optimal).toBe(false);
    expect(nodes.gaveUp).toBe('work budget of 4 nodes reached');
    const held = solveGatesWithKeys(problem, keys(99), { cost, budget: { maxStates: 2 } });
    expect(held.outcome).toEqual({ kind: 'gave-up', bound: 'memory', limit: 2, unit: 'states' });
    expect(() => solveGatesWithKeys(problem, keys(99), { cost, budget: { maxMs: -5 } })).toThrow(
      /maxMs/,
    );
  });
});
