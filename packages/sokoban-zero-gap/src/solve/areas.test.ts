import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXsb } from '../format/xsb.js';
import { AreaCounter } from './areas.js';
import { Space } from './space.js';

/** Independent count: repeated flood fills over a Set of free cells, by (x, y) strings. */
function naiveAreas(rows: string[], boxes: Set<string>): number {
  const free = new Set<string>();
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      if (ch !== '#' && !boxes.has(`${x},${y}`)) free.add(`${x},${y}`);
    }),
  );
  let areas = 0;
  while (free.size > 0) {
    areas++;
    const stack = [free.values().next().value!];
    free.delete(stack[0]!);
    while (stack.length > 0) {
      const [x, y] = stack.pop()!.split(',').map(Number) as [number, number];
      for (const n of [`${x + 1},${y}`, `${x - 1},${y}`, `${x},${y + 1}`, `${x},${y - 1}`]) {
        if (free.delete(n)) stack.push(n);
      }
    }
  }
  return areas;
}

describe('AreaCounter', () => {
  it('counts the pieces boxes cut the floor into (hand-checked)', () => {
    const rows = ['#######', '#  #  #', '#. $ @#', '#######'];
    const l = parseXsb(rows.join('\n')).levels[0]!;
    const sp = new Space(l);
    const occ = new Uint8Array(sp.size);
    const counter = new AreaCounter(sp);
    expect(counter.count(occ)).toBe(1);
    occ[2 * 7 + 3] = 1; // the box in the doorway: left room and right room
    expect(counter.count(occ)).toBe(2);
  });

  it('agrees with a naive flood count on random box placements', () => {
    const rows = ['#########', '#   #   #', '#  @  . #', '# #   # #', '#   #   #', '#########'];
    const l = parseXsb([...rows.slice(0, 2), '#  @ $. #', ...rows.slice(3)].join('\n')).levels[0]!;
    const sp = new Space(l);
    const floor: number[] = [];
    for (let c = 0; c < sp.size; c++) if (!sp.wall[c]) floor.push(c);
    const counter = new AreaCounter(sp);
    fc.assert(
      fc.property(fc.subarray(floor), (cells) => {
        const occ = new Uint8Array(sp.size);
        for (const c of cells) occ[c] = 1;
        const boxes = new Set(cells.map((c) => `${c % sp.width},${Math.floor(c / sp.width)}`));
        expect(counter.count(occ)).toBe(naiveAreas(rows, boxes));
      }),
    );
  });
});
