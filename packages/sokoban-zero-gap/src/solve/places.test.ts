import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXsb } from '../format/xsb.js';
import { BoxPlaces } from './places.js';
import { Space } from './space.js';

/** Independent truth: the regions of the free cells (not wall, not a box), by plain flood fills. */
function regionsOf(
  sp: Space,
  boxes: Set<number>,
): { regionOf: Map<number, number>; count: number } {
  const regionOf = new Map<number, number>();
  let count = 0;
  for (let s = 0; s < sp.size; s++) {
    if (sp.wall[s] || boxes.has(s) || regionOf.has(s)) continue;
    const id = count++;
    const cells = [s];
    regionOf.set(s, id);
    while (cells.length > 0) {
      const c = cells.pop()!;
      for (const t of [c + 1, c - 1, c + sp.width, c - sp.width]) {
        if (sp.wall[t] || boxes.has(t) || regionOf.has(t)) continue;
        regionOf.set(t, id);
        cells.push(t);
      }
    }
  }
  return { regionOf, count };
}

/** Rooms joined by one-wide doors and a corridor: many cut cells. */
const BOARDS = [
  [
    '###########',
    '#    #    #',
    '# #     # #',
    '#    #  ###',
    '## ####   #',
    '#   @   # #',
    '#.# # #  $#',
    '###########',
  ],
  ['#########', '#   #   #', '#  @ $ .#', '# ## ## #', '#   #   #', '#########'],
  ['#######', '#     #', '#  @$.#', '#     #', '#######'],
];

describe('BoxPlaces', () => {
  it('splits a corridor and a room at a door (hand-checked)', () => {
    // a corridor (row 1) whose left end opens into a room by the door at (1,2)
    const rows = ['######', '#  @ #', '# ####', '# $.##', '#   ##', '######'];
    const sp = new Space(parseXsb(rows.join('\n')).levels[0]!);
    const places = new BoxPlaces(sp);
    places.analyse(new Uint8Array(sp.size));
    const at = (x: number, y: number): number => y * sp.width + x;
    // the box in the door: the corridor and the room apart
    expect(places.place(at(1, 2))).toBe(2);
    expect(places.regionMin(at(1, 1))).toBe(at(1, 1));
    expect(places.regionMin(at(1, 3))).toBe(at(1, 3));
    expect(places.together(at(1, 1), at(1, 3))).toBe(false);
    // the box at the corridor's far end: one area, the player's region starting at (1,1)
    expect(places.place(at(4, 1))).toBe(1);
    expect(places.regionMin(at(3, 1))).toBe(at(1, 1));
  });

  it('agrees with plain floods on random positions, every place of the lifted box', () => {
    for (const rows of BOARDS) {
      const sp = new Space(parseXsb(rows.join('\n')).levels[0]!);
      const floor: number[] = [];
      for (let c = 0; c < sp.size; c++) if (!sp.wall[c]) floor.push(c);
      const places = new BoxPlaces(sp);
      fc.assert(
        fc.property(fc.subarray(floor), (cells) => {
          const occ = new Uint8Array(sp.size);
          for (const c of cells) occ[c] = 1;
          places.analyse(occ);
          const boxes = new Set(cells);
          for (const y of floor) {
            if (occ[y]) continue;
            boxes.add(y);
            const truth = regionsOf(sp, boxes);
            expect(places.place(y)).toBe(truth.count);
            const around = [y + 1, y - 1, y + sp.width, y - sp.width].filter(
              (t) => !sp.wall[t] && !boxes.has(t),
            );
            for (const x of around) {
              const region = truth.regionOf.get(x)!;
              let min = Infinity;
              for (const [c, id] of truth.regionOf) if (id === region && c < min) min = c;
              expect(places.regionMin(x)).toBe(min);
              for (const z of around) {
                expect(places.together(x, z)).toBe(truth.regionOf.get(z) === region);
              }
            }
            boxes.delete(y);
          }
        }),
        { numRuns: 60 },
      );
    }
  });
});
