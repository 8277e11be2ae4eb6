import { readFileSync } from 'node:fs';
import { BudgetMeter } from '@puzzlekit/job';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXsb } from '../format/xsb.js';
import type { Level } from '../model.js';
import { pushesToLurd, verify } from '../play.js';
import { generated } from '../testing/generated.js';
import { backwardRun } from './backward.js';
import { runToEnd, type ResumableRun } from './run.js';
import { Space } from './space.js';

const microban = parseXsb(
  readFileSync(new URL('../../../../fixtures/sokoban/microban_155.xsb', import.meta.url), 'utf8'),
).levels;

function backward(level: Level, maxWork: number, pauseEvery = Infinity) {
  const sp = new Space(level);
  const meter = new BudgetMeter({ maxWork });
  return backwardRun(sp, level.player, { meter, memoryBytes: 16 << 20 }, pauseEvery);
}

/** True when `pushes` replayed from the level's start (by the independent player) solve it. */
function replays(level: Level, pushes: Parameters<typeof pushesToLurd>[1]): boolean {
  return verify(level, pushesToLurd(level, pushes)).solved;
}

describe('backwardRun (greedy search by pulls from the solved position)', () => {
  it('answers a corridor with the pushes read backward (hand-checked)', () => {
    // the box on column 2 goes right twice onto the goal on column 4
    const level = parseXsb('######\n#@$ .#\n######').levels[0]!;
    const r = runToEnd(backward(level, 1_000));
    expect(r.pushes).toEqual([
      { box: 8, direction: 1 },
      { box: 9, direction: 1 },
    ]);
    expect(replays(level, r.pushes!)).toBe(true);
  });

  it('answers a solved level with no pushes, and stops on its work budget', () => {
    const solved = parseXsb('#####\n#@* #\n#####').levels[0]!;
    expect(runToEnd(backward(solved, 10)).pushes).toEqual([]);
    const r = runToEnd(backward(microban[152]!, 50));
    expect(r).toMatchObject({ pushes: null, stop: 'work' });
  });

  it('answers each of the first 40 Microban levels within 20,000 units, and every answer replays', () => {
    let answered = 0;
    for (const level of microban.slice(0, 40)) {
      const r = runToEnd(backward(level, 20_000));
      if (r.pushes === null) continue;
      answered++;
      expect(replays(level, r.pushes)).toBe(true);
    }
    expect(answered).toBe(40);
  });

  it('every answer on generated zero-gap levels replays (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('b', 'e', 'w', 'g'),
        fc.integer({ min: 3, max: 4 }),
        fc.integer({ min: 1, max: 10_000 }),
        (type, size, seed) => {
          const { level } = generated({ type, size, pushes: 200, seed, select: 'farthest' });
          const r = runToEnd(backward(level, 5_000));
          if (r.pushes !== null) expect(replays(level, r.pushes)).toBe(true);
          else expect(r.stop).toBe('work');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('ends as it does in one go, whatever slices it is driven in (property)', () => {
    const drive = <T>(run: ResumableRun<T>, slices: readonly number[]): T => {
      let i = 0;
      let step = run.next();
      while (!step.done) step = run.next(slices[i++ % slices.length]);
      return step.value;
    };
    fc.assert(
      fc.property(
        fc.constantFrom(0, 4, 12, 33),
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 5 }),
        (index, first, slices) => {
          const level = microban[index]!;
          const whole = runToEnd(backward(level, 4_000));
          expect(drive(backward(level, 4_000, first), slices)).toEqual(whole);
        },
      ),
      { numRuns: 30 },
    );
  });
});
