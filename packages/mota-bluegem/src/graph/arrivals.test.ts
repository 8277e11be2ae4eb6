import { describe, expect, it } from 'vitest';
import { arrivalsOf, floorArrivals } from './arrivals.js';
import { loadProject } from '../format/project.js';
import { buildFloorGraph } from './floor-graph.js';
import { planTower, solveFloorArrivals } from '../plan/tower.js';
import { solveFloor } from '../solve/floor.js';
import { floorSummary } from './summary.js';
import { syntheticTower } from '../testing/synthetic.js';

const cells = (project: ReturnType<typeof loadProject>, id: string) =>
  arrivalsOf(project, id).map((a) => `${a.x},${a.y}`);

describe('arrival cells', () => {
  it('reads stairs, loc, :next/:before, :symmetry, portals and events, as the engine resolves them', () => {
    const p = loadProject(
      syntheticTower({
        A: {
          picture: ['######', '#@..s#', '#.P..#', '######'],
          floor: {
            changeFloor: {
              '4,1': { floorId: ':next', stair: 'downFloor' },
              '2,2': { floorId: 'B', loc: [1, 2] },
            },
            events: { '3,2': [{ type: 'changeFloor', floorId: 'C', stair: ':symmetry' }] },
          },
        },
        B: {
          picture: ['######', '#v...#', '#....#', '######'],
          floor: { changeFloor: { '1,1': { floorId: ':before', stair: 'upFloor' } } },
        },
        C: { picture: ['######', '#....#', '#....#', '######'] },
        D: { picture: ['######', '#....#', '######'] },
      }),
    );
    expect(cells(p, 'A')).toEqual(['1,1', '4,1']); // the start, then where B's up-going stair leads
    expect(arrivalsOf(p, 'A')[0]?.sources).toEqual([{ kind: 'start', floorId: 'A' }]);
    expect(arrivalsOf(p, 'A')[1]?.sources).toEqual([{ kind: 'stair', floorId: 'B', x: 1, y: 1 }]);
    // B: the downFloor tile (from A's stair) and loc (1,2) (from A's portal), the way up first.
    expect(cells(p, 'B')).toEqual(['1,1', '1,2']);
    // C: the event at (3,2) of a 6×4 floor with :symmetry lands on (2,1).
    expect(cells(p, 'C')).toEqual(['2,1']);
    expect(arrivalsOf(p, 'C')[0]?.sources).toEqual([{ kind: 'event', floorId: 'A', x: 3, y: 2 }]);
    // Nothing leads onto D.
    expect(floorArrivals(p).has('D')).toBe(false);
    expect(floorSummary(p, 'D').shape).toBe('unreachable');
    expect(() => solveFloor(p, 'D')).toThrow(/floor D is unreachable/);
    expect(solveFloorArrivals(p, 'D')).toEqual([]);
    expect(solveFloorArrivals(p, 'B').map((a) => a.solution?.floorId)).toEqual(['B', 'B']);
  });

  it('an event with no cell of its own keeps the hero where he arrived on its floor', () => {
    const p = loadProject(
      syntheticTower({
        A: {
          picture: ['#####', '#.@.#', '#####'],
          floor: { firstArrive: [{ type: 'changeFloor', floorId: 'B' }] },
        },
        B: {
          picture: ['#####', '#...#', '#...#', '#####'],
          floor: { eachArrive: [{ type: 'changeFloor', floorId: 'C', stair: ':symmetry' }] },
        },
        C: { picture: ['#####', '#...#', '#...#', '#####'] },
      }),
    );
    expect(cells(p, 'B')).toEqual(['2,1']);
    expect(arrivalsOf(p, 'B')[0]?.sources).toEqual([{ kind: 'event', floorId: 'A' }]);
    expect(cells(p, 'C')).toEqual(['2,2']); // (2,1) mirrored on B's 5×4 map
  });

  it('stairs, portals and event cells leave the floor: they are never walked through', () => {
    // The gem behind the portal P, the event cell (2,1) and the stair s is out of reach.
    const p = loadProject(
      syntheticTower({
        A: {
          picture: ['########', '#@.A.Pb#', '#.####.#', '#..A.sb#', '########'],
          floor: {
            changeFloor: {
              '5,1': { floorId: 'B', loc: [1, 1] },
              '5,3': { floorId: 'B', loc: [1, 1] },
            },
          },
        },
        B: { picture: ['####', '#..#', '####'] },
      }),
    );
    const g = buildFloorGraph(p, 'A');
    expect(g.totalReward).toBe(0);
    const sol = solveFloor(p, 'A');
    expect(sol.route).not.toMatch(/R{4}/);
    expect(sol.fights).toHaveLength(0);
    // Without the changeFloor the portal tile (canPass) is floor, as in the engine: then the gem counts.
    const open = loadProject(
      syntheticTower({ A: { picture: ['########', '#@.A.Pb#', '########'] } }),
    );
    expect(buildFloorGraph(open, 'A').totalReward).toBe(3);
  });

  it('one-way cells (cannotMove / cannotMoveIn) are never crossed against their rule', () => {
    const picture = ['#######', '#@.A.b#', '#.###.#', '#..C..#', '#######'];
    const free = loadProject(syntheticTower({ A: { picture } }));
    expect(buildFloorGraph(free, 'A').tree).toBe(false);
    // (4,1) cannot be left downwards and (5,2) cannot be entered from above: the right-hand
    // passage is closed, the floor becomes a tree through A only.
    const oneWay = loadProject(
      syntheticTower({
        A: { picture, floor: { cannotMove: { '5,1': ['down'] }, cannotMoveIn: { '5,3': ['up'] } } },
      }),
    );
    const g = buildFloorGraph(oneWay, 'A');
    expect(g.tree).toBe(true);
    const sol = solveFloor(oneWay, 'A');
    expect(sol.order.map((o) => o.id)).toEqual(['greenSlime']);
    // Replay: the route never moves down out of (5,1).
    let x = 1;
    let y = 1;
    for (const c of sol.route) {
      const [nx, ny] = [
        x + (c === 'R' ? 1 : c === 'L' ? -1 : 0),
        y + (c === 'D' ? 1 : c === 'U' ? -1 : 0),
      ];
      expect(`${x},${y}${c}`).not.toBe('5,1D');
      const t = oneWay.floors.A!.map[ny]![nx]!;
      if (t === 0 || oneWay.tiles[String(t)]?.kind === 'item') [x, y] = [nx, ny];
    }
  });

  it('the whole-tower plan carries HP, defence and keys from floor to floor', () => {
    const p = loadProject(
      syntheticTower(
        {
          A: {
            picture: ['#######', '#@A.bk#', '###s###', '#######'],
            floor: { changeFloor: { '3,2': { floorId: 'B', loc: [1, 1] } } },
          },
          B: { picture: ['#######', '#@.dAb#', '#######'] },
        },
        { hero: { hp: 1000, atk: 60, def: 10 } },
      ),
    );
    const plan = planTower(p);
    expect(plan.floors.map((f) => f.status)).toEqual(['planned', 'planned']);
    const [a, b] = plan.floors;
    // A: greenSlime (hp 50, atk 20, def 1) at def 10: 59 per hit → ceil(50/59)=1 round → 0 damage.
    expect(a?.damage).toBe(0);
    expect(a?.heroOut.def).toBe(13);
    expect(a?.keysOut).toEqual({ yellowKey: 1 });
    expect(b?.heroIn).toEqual(a?.heroOut);
    expect(b?.keysIn).toEqual({ yellowKey: 1 });
    expect(b?.solution?.doorsOpened).toBe(1);
    expect(b?.keysOut).toEqual({});
    expect(b?.heroOut.def).toBe(16);
    expect(plan.totals).toMatchObject({ floors: 2, planned: 2, unreachable: 0 });
  });
});
