import { Rng } from '@puzzlekit/rng';
import { describe, expect, it } from 'vitest';
import { battle } from '../graph/damage.js';
import { loadProject } from '../format/project.js';
import type { Project } from '../model.js';
import { solveFloor } from './floor.js';
import { syntheticProject } from '../testing/synthetic.js';

/**
 * Brute force on the grid itself (no rooms, no gates): states are the sets of monster cells defeated;
 * from a state any monster next to the reached area may be fought, at the defence of the gems reached.
 * Returns the least total damage that reaches every gem reachable with all monsters defeated.
 */
function gridBruteForce(project: Project, picture: readonly string[]): number {
  const h = picture.length;
  const w = picture[0]?.length ?? 0;
  const monsters: number[] = [];
  let start = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const ch = picture[y]?.[x] ?? '#';
      if ('ACEFG'.includes(ch)) monsters.push(y * w + x);
      if (ch === '@') start = y * w + x;
    }
  const at = (i: number): string => picture[Math.floor(i / w)]?.[i % w] ?? '#';
  const reach = (mask: number): { gems: number; frontier: number[] } => {
    const seen = new Uint8Array(w * h);
    const stack = [start];
    seen[start] = 1;
    let gems = 0;
    const frontier = new Set<number>();
    while (stack.length > 0) {
      const u = stack.pop() ?? 0;
      if (at(u) === 'b') gems++;
      const x = u % w;
      const y = Math.floor(u / w);
      for (const [nx, ny] of [
        [x, y - 1],
        [x, y + 1],
        [x - 1, y],
        [x + 1, y],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const v = ny * w + nx;
        if (seen[v] === 1) continue;
        const ch = at(v);
        if (ch === '#') continue;
        const m = monsters.indexOf(v);
        if (m >= 0 && (mask & (1 << m)) === 0) {
          frontier.add(m);
          continue;
        }
        seen[v] = 1;
        stack.push(v);
      }
    }
    return { gems, frontier: [...frontier] };
  };
  const all = (1 << monsters.length) - 1;
  const target = reach(all).gems;
  const best = new Map<number, number>([[0, 0]]);
  let answer = Number.POSITIVE_INFINITY;
  for (let size = 0; size <= monsters.length; size++) {
    for (const [mask, cost] of [...best]) {
      if (popcount(mask) !== size) continue;
      const { gems, frontier } = reach(mask);
      if (gems >= target) {
        answer = Math.min(answer, cost);
        continue;
      }
      for (const m of frontier) {
        const id = project.tiles[String(codeOf(at(monsters[m] ?? 0)))]?.id ?? '';
        const enemy = project.enemies[id];
        if (enemy === undefined) throw new Error('enemy');
        const hero = { ...project.hero, def: project.hero.def + 3 * gems };
        const d = battle(enemy, hero, project.values)?.damage ?? Number.POSITIVE_INFINITY;
        const next = mask | (1 << m);
        const old = best.get(next);
        if (old === undefined || cost + d < old) best.set(next, cost + d);
      }
    }
  }
  return answer;
}

function popcount(x: number): number {
  let c = 0;
  for (let v = x; v !== 0; v &= v - 1) c++;
  return c;
}

function codeOf(ch: string): number {
  return { A: 201, C: 202, E: 203, F: 204, G: 205 }[ch] ?? 0;
}

function randomPicture(rng: Rng): string[] {
  const w = rng.int(4, 6);
  const h = rng.int(3, 5);
  const rows: string[][] = [];
  let monsters = 0;
  for (let y = 0; y < h; y++) {
    const row: string[] = [];
    for (let x = 0; x < w; x++) {
      const r = rng.float();
      if (r < 0.3) row.push('#');
      else if (r < 0.55 && monsters < 8) {
        row.push(rng.pick(['A', 'C', 'E', 'F', 'G']));
        monsters++;
      } else if (r < 0.7) row.push('b');
      else row.push('.');
    }
    rows.push(row);
  }
  rows[rng.below(h)]![rng.below(w)] = '@';
  const border = '#'.repeat(w + 2);
  return [border, ...rows.map((r) => `#${r.join('')}#`), border];
}

describe('solveFloor against a brute force on the grid', () => {
  it('the chosen order is optimal on 400 random small floors (rooms, chains, pruning, cycles)', () => {
    const rng = Rng.from('floor-brute');
    const enemies = {
      greenSlime: { name: 'A', hp: 300, atk: 40, def: 0, special: 0 },
      redSlime: { name: 'C', hp: 130, atk: 30, def: 2, special: 0 },
      blackSlime: { name: 'E', hp: 200, atk: 35, def: 5, special: [1] },
      slimelord: { name: 'F', hp: 100, atk: 25, def: 0, special: [4] },
      bat: { name: 'G', hp: 120, atk: 22, def: 3, special: [7] },
    };
    let trees = 0;
    let cyclic = 0;
    for (let t = 0; t < 400; t++) {
      const picture = randomPicture(rng);
      const project = loadProject(
        syntheticProject(picture, { enemies, hero: { hp: 1_000_000, atk: 60, def: 10 } }),
      );
      const sol = solveFloor(project, 'F1');
      const brute = gridBruteForce(project, picture);
      expect(sol.optimal).toBe(true);
      expect(sol.modelDamage).toBe(brute);
      // No potions or attack items: the walk's simulated damage is the model's.
      expect(sol.totalDamage).toBe(sol.modelDamage);
      if (sol.gateCount > 0) {
        if (sol.tree) trees++;
        else cyclic++;
      }
    }
    expect(trees).toBeGreaterThan(20);
    expect(cyclic).toBeGreaterThan(20);
  });
});
