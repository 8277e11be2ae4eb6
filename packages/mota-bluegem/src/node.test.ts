import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readProjectWith } from './node.js';
import { planJson, solutionJson } from './format/json.js';
import { keysForEveryDoor, planTower } from './plan/tower.js';
import { solveFloor } from './solve/floor.js';
import { probeHero } from './graph/summary.js';
import { fixtureTower } from './testing/fixtures.js';

const TEMPLATE = fileURLToPath(new URL('../../../fixtures/mota/template', import.meta.url));

/** A reader over the real files that records what it was asked for. */
function recordingReader(): { read: (path: string) => Promise<string>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    read: (path) => {
      asked.push(path);
      return Promise.resolve(readFileSync(path, 'utf8'));
    },
  };
}

describe('readProjectWith', () => {
  it('reads the same tower through a caller’s reader, from the tower folder or its project folder', async () => {
    const fromDisk = await fixtureTower('template');
    for (const dir of [TEMPLATE, join(TEMPLATE, 'project')]) {
      const { read, asked } = recordingReader();
      const project = await readProjectWith(dir, read);
      expect(project.floorIds).toEqual(fromDisk.floorIds);
      expect(Object.keys(project.floors).sort()).toEqual([...fromDisk.floorIds].sort());
      expect(project.hero).toEqual(fromDisk.hero);
      expect(asked.every((p) => p.startsWith(join(TEMPLATE, 'project')))).toBe(true);
    }
  });

  it('passes the reader’s error on for a missing table', async () => {
    const failing = (path: string): Promise<string> =>
      path.endsWith('maps.js')
        ? Promise.reject(new Error(`no ${path}`))
        : Promise.resolve(readFileSync(path, 'utf8'));
    await expect(readProjectWith(TEMPLATE, failing)).rejects.toThrow(/maps\.js/);
  });
});

describe('JSON shapes', () => {
  it('a solved floor: the documented fields, the search outcome when a search ran', async () => {
    const project = await fixtureTower('only-up');
    const sol = solveFloor(project, 'MT1', { hero: probeHero(project, 'MT1') });
    const json = solutionJson(sol);
    expect(sol.method).toBe('exact');
    expect(json).toMatchObject({
      floor: 'MT1',
      route: sol.route,
      totalDamage: sol.totalDamage,
      optimal: sol.optimal,
      work: sol.work,
      outcome: { kind: 'solved' },
    });
    expect(json.order).toEqual(sol.order.map((o) => ({ x: o.x, y: o.y, enemy: o.id })));
    const plan = planTower(project, { keys: keysForEveryDoor(project) });
    expect(planJson(plan, project)).toMatchObject({ totals: plan.totals, title: project.title });
  });

  it('keysForEveryDoor counts the keys of every door of the listed floors', async () => {
    const project = await fixtureTower('only-up');
    const keys = keysForEveryDoor(project);
    let doors = 0;
    for (const id of project.floorIds)
      for (const row of project.floors[id]?.map ?? [])
        for (const n of row) if (project.tiles[String(n)]?.kind === 'door') doors++;
    const total = Object.values(keys).reduce((a, b) => a + b, 0);
    expect(doors).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(doors);
  });
});
