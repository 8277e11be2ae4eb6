import { describe, expect, it } from 'vitest';
import { valueOf } from '@puzzlekit/job';
import { solveLevel } from './solve.js';
import type { Level } from '../model.js';

describe('solveLevel on a large level (slow)', () => {
  it('the solver keeps its own stack: a flat level of 3,000 screws (a 3,000-tap win) ends', () => {
    const colors = ['a', 'b'];
    const bars = Array.from({ length: 3000 }, (_, i) => ({
      layer: 0,
      cells: [[i % 100, Math.floor(i / 100)] as const],
      screws: [{ x: (i % 100) + 0.5, y: Math.floor(i / 100) + 0.5, color: colors[i % 2]! }],
    }));
    const flat: Level = { width: 100, height: 30, colors, traySize: 5, bars };
    const boxes = Array.from({ length: 1000 }, (_, i) => colors[i % 2]!);
    // A work bound, not a time limit: the same answer on a busy machine.
    const r = solveLevel(flat, { maxWork: 20_000 }, { boxes });
    expect(r.outcome.kind).toBe('solved');
    expect(valueOf(r)?.taps).toHaveLength(3000);
  });
});
