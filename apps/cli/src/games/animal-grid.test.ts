import { describe, expect, it } from 'vitest';
import { parseGarden, parsePuzzle, solve, solveGarden } from '@puzzlekit/animal-grid';
import { runCli } from '../testing.js';
import { Context } from '../context.js';
import { animalGrid } from './animal-grid.js';

const LEVEL_50 = JSON.stringify({
  animals: { lion: 2, panda: 2, elephant: 1, hippo: 2, monkey: 1, tiger: 1 },
  constraints: [
    { type: 'height', animal: 'lion', height: 2 },
    { type: 'column', animal: 'panda', fruits: ['banana'], in: false },
    { type: 'row', animal: 'elephant', fruits: ['lemon'], in: false },
    { type: 'adjacent', animals: ['elephant', 'hippo'] },
    { type: 'adjacent', animals: ['monkey', 'lion'] },
    { type: 'adjacent', animals: ['tiger', 'panda'] },
  ],
});

interface SolveJson {
  count: number;
  solutions: { animal: string; x: number; y: number }[][];
  metrics: { x1: number; x2: number; x3: number; x4: number; n: number; difficulty: number };
}

describe('puzzlekit animal-grid', () => {
  it('solve --json gives the count, solutions and metrics of Level 50', async () => {
    const r = await runCli(['animal-grid', 'solve', 'l50.json', '--json'], {
      'l50.json': LEVEL_50,
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as SolveJson;
    expect(out.count).toBe(1);
    expect(out.solutions[0]!.map((p) => p.animal).join(' ')).toBe(
      'panda lion monkey tiger hippo lion panda elephant hippo',
    );
    expect(out.metrics.n).toBe(1);
    expect(Object.keys(out.metrics).sort()).toEqual(['difficulty', 'n', 'x1', 'x2', 'x3', 'x4']);
    const text = await runCli(['animal-grid', 'solve', 'l50.json'], { 'l50.json': LEVEL_50 });
    expect(text.stdout).toContain('panda    lion     monkey');
  });

  it('reports a bad puzzle with its JSON path and exit code 1', async () => {
    const bad = LEVEL_50.replace('"banana"', '"apple"');
    const r = await runCli(['animal-grid', 'solve', 'bad.json'], { 'bad.json': bad });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('$.constraints[1].fruits[0]');
  });

  it('generate is deterministic, in band, and unique', async () => {
    const args = [
      'animal-grid',
      'generate',
      '--seed',
      '9',
      '--difficulty',
      '15..30',
      '--json',
      '--out',
      'p.json',
    ];
    const a = await runCli(args);
    const b = await runCli(args);
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    const out = JSON.parse(a.stdout) as { metrics: { difficulty: number }; candidates: number };
    expect(out.metrics.difficulty).toBeGreaterThanOrEqual(15);
    expect(out.metrics.difficulty).toBeLessThanOrEqual(30);
    expect(out.candidates).toBeGreaterThanOrEqual(1);
    expect(solve(parsePuzzle(a.files['p.json']!)).count).toBe(1);
    const usage = await runCli(['animal-grid', 'generate', '--seed', '1', '--difficulty', '30-10']);
    expect(usage.code).toBe(2);
  });

  it("fit recovers the paper's coefficients with the exponents fixed", async () => {
    const r = await runCli(['animal-grid', 'fit', '--b1', '0.5', '--b2', String(7 / 12), '--json']);
    const f = JSON.parse(r.stdout) as { coefficients: { a1: number; a2: number; a3: number } };
    expect(f.coefficients.a1.toFixed(4)).toBe('3.8927');
    expect(f.coefficients.a3.toFixed(4)).toBe('-8.3274');
  });

  it('rate and compare print both ratings', async () => {
    const r = await runCli(['animal-grid', 'rate', 'l50.json'], { 'l50.json': LEVEL_50 });
    expect(r.stdout).toMatch(/^paper: X1 \d+/);
    expect(r.stdout).toContain('deduction: hardest 4');
    const c = await runCli(['animal-grid', 'compare', '--count', '20', '--seed', '3', '--json']);
    const out = JSON.parse(c.stdout) as { rows: unknown[]; spearmanTotal: number };
    expect(out.rows).toHaveLength(20);
    expect(out.spearmanTotal).toBeGreaterThanOrEqual(-1);
    expect(out.spearmanTotal).toBeLessThanOrEqual(1);
  });
});

describe('puzzlekit garden', () => {
  it('generate writes a level that solve finds unique, and simulate reproduces it', async () => {
    const g = await runCli([
      'garden',
      'generate',
      '--seed',
      '4',
      '--size',
      '4',
      '--out',
      'g.json',
      '--json',
    ]);
    expect(g.code).toBe(0);
    const level = parseGarden(g.files['g.json']!);
    expect(solveGarden(level).count).toBe(1);
    const s = await runCli(['garden', 'solve', 'g.json', '--json'], g.files);
    const out = JSON.parse(s.stdout) as {
      count: number;
      solutions: { flower: string; x: number; y: number }[][];
    };
    expect(out.count).toBe(1);
    const plants = out.solutions[0]!.map((p) => `${p.flower}@${p.x},${p.y}`);
    const sim = await runCli(
      ['garden', 'simulate', 'g.json', '--plant', ...plants, '--json'],
      g.files,
    );
    expect((JSON.parse(sim.stdout) as { matchesTarget: boolean }).matchesTarget).toBe(true);
    const campaign = await runCli(['garden', 'generate', '--seed', '4', '--levels', '4', '--json']);
    expect(
      (JSON.parse(campaign.stdout) as { level: { size: number } }[]).map((l) => l.level.size),
    ).toEqual([2, 2, 3, 3]);
  });
});

describe('animal-grid demo', () => {
  it('generates, solves and rates a real puzzle and garden, the same every time', async () => {
    const io = {
      writeOut: () => undefined,
      writeErr: () => undefined,
      stderrIsTTY: false,
      readText: () => Promise.reject(new Error('no files')),
      writeText: () => Promise.resolve(),
    };
    const a = await animalGrid.demo(new Context(io));
    const b = await animalGrid.demo(new Context(io));
    expect(b).toEqual(a);
    const data = a.data as {
      puzzle: Parameters<typeof solve>[0];
      count: number;
      metrics: { difficulty: number };
      garden: { count: number };
    };
    expect(data.count).toBe(1);
    expect(solve(data.puzzle).count).toBe(1);
    expect(data.metrics.difficulty).toBeGreaterThanOrEqual(15);
    expect(data.metrics.difficulty).toBeLessThanOrEqual(30);
    expect(data.garden.count).toBe(1);
    expect(a.text).toContain('deduction: hardest');
  });
});
