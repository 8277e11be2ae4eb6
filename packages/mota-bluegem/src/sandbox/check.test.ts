import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeHero } from '../graph/summary.js';
import { loadProject } from '../format/project.js';
import type { ProjectFiles } from '../model.js';
import { readProjectFiles } from '../node.js';
import { CUSTOM_DAMAGE_NOTE, solveFloor, TOWER_CODE_NOTE } from '../solve/floor.js';
import { openTowerDamage, type TowerDamageSandbox } from './tower-damage.js';

// fate-splendor's functions.js has the stock damage code. Two edits make it "custom" for the
// fingerprint: one changes nothing the code computes (a dead variable), one doubles every damage.
const STOCK_LINE = 'var init_damage = 0;';
let files: ProjectFiles;
beforeAll(async () => {
  files = await readProjectFiles(
    fileURLToPath(new URL('../../../../fixtures/mota/fate-splendor', import.meta.url)),
  );
});
const edited = (replacement: string): ProjectFiles => {
  const text = files['functions.js']!;
  expect(text).toContain(STOCK_LINE);
  return { ...files, 'functions.js': text.replace(STOCK_LINE, replacement) };
};
const opened: TowerDamageSandbox[] = [];
afterAll(() => {
  for (const s of opened) s.dispose();
});

describe('plans checked against the tower’s own damage code', () => {
  it('a custom functions.js that computes the stock damages makes floors exact and provable', async () => {
    const same = edited('var unusedByTheFormula = 1; var init_damage = 0;');
    const project = loadProject(same);
    expect(project.engine.damageCode.status).toBe('custom');
    const sandbox = await openTowerDamage(same, project);
    opened.push(sandbox);
    let proven = 0;
    for (const floorId of project.floorIds.slice(0, 8)) {
      const hero = probeHero(project, floorId);
      const without = solveFloor(project, floorId, { hero });
      const withCode = solveFloor(project, floorId, { hero, towerDamage: sandbox });
      expect(without.approximate).toBe(true);
      expect(without.optimal).toBe(false);
      expect(withCode.towerCode?.confirmed, withCode.towerCode?.why).toBe(true);
      expect(withCode.approximate).toBe(false);
      expect(withCode.notes).toContain(TOWER_CODE_NOTE);
      // the same plan: the check changes only what may be claimed about it
      expect(withCode.route).toBe(without.route);
      expect(withCode.totalDamage).toBe(without.totalDamage);
      // proven exactly where the stock tower's plan is
      const stock = solveFloor(loadProject(files), floorId, { hero });
      expect(withCode.optimal).toBe(stock.optimal);
      if (withCode.optimal) proven++;
    }
    expect(proven).toBeGreaterThan(0);
  });

  it('a custom functions.js that doubles damage is found to differ and stays unproven', async () => {
    const doubled = edited('var init_damage = 0; hero_atk = hero_atk;');
    const changed = {
      ...doubled,
      'functions.js': doubled['functions.js']!.replace(
        '"damage": Math.floor(damage)',
        '"damage": Math.floor(damage) * 2',
      ),
    };
    const project = loadProject(changed);
    const sandbox = await openTowerDamage(changed, project);
    opened.push(sandbox);
    let fought = 0;
    for (const floorId of project.floorIds.slice(0, 8)) {
      // a hero without defence and with HP to spare takes damage from every monster
      const hero = { ...probeHero(project, floorId), def: 0, hp: 1e9 };
      const sol = solveFloor(project, floorId, { hero, towerDamage: sandbox });
      // a floor with no monster to fight has no damage to check (vacuously the tower's own)
      if (sol.fights.some((f) => f.damage > 0)) {
        fought++;
        expect(sol.optimal).toBe(false);
        expect(sol.approximate).toBe(true);
        expect(sol.notes).toContain(CUSTOM_DAMAGE_NOTE);
        expect(sol.towerCode?.confirmed).toBe(false);
        expect(sol.towerCode?.monsters.some((m) => m.source === 'differs')).toBe(true);
      }
    }
    expect(fought).toBeGreaterThan(0);
  });

  it('a custom functions.js that cannot run marks every monster not computable', async () => {
    const broken = edited('for (;;) {} var init_damage = 0;');
    const project = loadProject(broken);
    const sandbox = await openTowerDamage(broken, project, { ticks: 500, now: () => 0 });
    opened.push(sandbox);
    const floorId = project.floorIds.find(
      (id) => solveFloor(project, id, { hero: probeHero(project, id) }).fights.length > 0,
    )!;
    const sol = solveFloor(project, floorId, {
      hero: probeHero(project, floorId),
      towerDamage: sandbox,
    });
    expect(sol.optimal).toBe(false);
    expect(sol.approximate).toBe(true);
    expect(sol.towerCode?.monsters.length).toBeGreaterThan(0);
    expect(sol.towerCode?.monsters.every((m) => m.source === 'not-computable')).toBe(true);
    expect(sol.why).toMatch(/instruction cap/);
    expect(sol.outcome).toEqual({ kind: 'solved' });
  });

  it('a time stop of the safety net leaves the floor unproven and its outcome says time', async () => {
    const slow = edited('while (true) {} var init_damage = 0;');
    const project = loadProject(slow);
    let t = 0;
    let jumping = false;
    const sandbox = await openTowerDamage(slow, project, {
      now: () => (jumping ? (t += 3_600_000) : 0),
    });
    jumping = true;
    opened.push(sandbox);
    const floorId = project.floorIds.find(
      (id) => solveFloor(project, id, { hero: probeHero(project, id) }).fights.length > 0,
    )!;
    const sol = solveFloor(project, floorId, {
      hero: probeHero(project, floorId),
      towerDamage: sandbox,
    });
    expect(sol.optimal).toBe(false);
    expect(sol.towerCode?.timeStopped).toBe(true);
    expect(sol.towerCode?.monsters.some((m) => m.source === 'time-stop')).toBe(true);
    expect(sol.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 30_000, unit: 'ms' });
  });
});
