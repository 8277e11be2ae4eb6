import { describe, expect, it } from 'vitest';
import {
  formatGarden,
  formatPuzzle,
  parseCollection,
  parseGarden,
  parsePuzzle,
  solve,
  solveGarden,
  type GardenLevel,
} from '@puzzlekit/animal-grid';
import { LEVEL_50 as LEVEL_50_PUZZLE, LEVEL_50_ANSWER } from '@puzzlekit/animal-grid/fixtures';
import { runCli } from '../testing.js';
import { Context } from '../context.js';
import { animalGrid } from './animal-grid.js';

const LEVEL_50 = formatPuzzle(LEVEL_50_PUZZLE);

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
    expect(out.solutions[0]!.map((p) => p.animal).join(' ')).toBe(LEVEL_50_ANSWER);
    expect(out.metrics.n).toBe(1);
    expect(Object.keys(out.metrics).sort()).toEqual(['difficulty', 'n', 'x1', 'x2', 'x3', 'x4']);
    const text = await runCli(['animal-grid', 'solve', 'l50.json'], { 'l50.json': LEVEL_50 });
    expect(text.stdout).toContain('apple  panda      lion       monkey');
    expect(text.stdout).toContain('  2. No panda is in the banana column.');
    expect(text.stdout).toContain('grade: hard (D 25 to below 50)');
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
    expect(r.stdout).toMatch(/^paper: X1 \d+/m);
    expect(r.stdout).toMatch(/^conditions:\n {2}1\. Every lion stands at height 2\./);
    expect(r.stdout).toContain('deduction: hardest 4');
    const c = await runCli(['animal-grid', 'compare', '--count', '20', '--seed', '3', '--json']);
    const out = JSON.parse(c.stdout) as { rows: unknown[]; spearmanTotal: number };
    expect(out.rows).toHaveLength(20);
    expect(out.spearmanTotal).toBeGreaterThanOrEqual(-1);
    expect(out.spearmanTotal).toBeLessThanOrEqual(1);
  });
});

describe('puzzlekit animal-grid for designers', () => {
  const files = { 'l50.json': LEVEL_50 };

  it('answers a puzzle that leaves an animal too few cells with count 0 and the reason', async () => {
    const p = {
      ...LEVEL_50_PUZZLE,
      constraints: [...LEVEL_50_PUZZLE.constraints, { type: 'height', animal: 'lion', height: 3 }],
    };
    const r = await runCli(['animal-grid', 'solve', 'p.json', '--json'], {
      'p.json': JSON.stringify(p),
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      count: number;
      reason: { text: string; conditions: number[] };
    };
    expect(out.count).toBe(0);
    expect(out.reason).toEqual({
      text: 'conditions 1 and 7 leave lion no cell for its 2 pieces',
      conditions: [0, 6],
    });
    const text = await runCli(['animal-grid', 'solve', 'p.json'], { 'p.json': JSON.stringify(p) });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      '0 solutions: conditions 1 and 7 leave lion no cell for its 2 pieces',
    );
  });

  it('hints from a partly filled board, in words', async () => {
    const r = await runCli(['animal-grid', 'hint', 'l50.json'], files);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('hint: 2 lions go on lemon/strawberry and apple/banana');
    expect(r.stdout).toContain('why:\n  - condition 1 (Every lion stands at height 2)');
    const board = 'apple . lion .\nlemon . . lion\norange . . .\n';
    const next = await runCli(['animal-grid', 'hint', 'l50.json', '--board', 'b.txt', '--json'], {
      ...files,
      'b.txt': board,
    });
    const h = JSON.parse(next.stdout) as { status: string; placed: { animal: string }[] };
    expect(h.status).toBe('next');
    expect(h.placed.map((p) => p.animal)).not.toContain('lion');
    const wrong = await runCli(
      ['animal-grid', 'hint', 'l50.json', '--place', 'lion@orange/pineapple'],
      files,
    );
    expect(wrong.stdout).toContain(
      'mistake: the board breaks condition 1 (Every lion stands at height 2)',
    );
    const usage = await runCli(
      ['animal-grid', 'hint', 'l50.json', '--place', 'lion@kiwi/banana'],
      files,
    );
    expect(usage.code).toBe(2);
  });

  it("checks a designer's answer: the board solve prints is accepted, a wrong one exits 1", async () => {
    const solved = await runCli(['animal-grid', 'solve', 'l50.json'], files);
    const board = solved.stdout.split('#1\n')[1]!.split('\n\n')[0]!;
    const ok = await runCli(['animal-grid', 'check', 'l50.json', 'a.txt'], {
      ...files,
      'a.txt': board,
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('the answer keeps every condition, and it is the only solution');
    const swapped = board.replace('lion       monkey', 'monkey     lion');
    const bad = await runCli(['animal-grid', 'check', 'l50.json', 'a.txt'], {
      ...files,
      'a.txt': swapped,
    });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('  1. Every lion stands at height 2.');
  });

  it('generates a graded collection with --count, deterministically, that solve reads by --index', async () => {
    const args = [
      'animal-grid',
      'generate',
      '--seed',
      '5',
      '--count',
      '3',
      '--grade',
      'medium',
      '--out',
      'c.json',
    ];
    const a = await runCli(args);
    const b = await runCli(args);
    expect(a.code).toBe(0);
    expect(b.files['c.json']).toBe(a.files['c.json']);
    const entries = parseCollection(a.files['c.json']!);
    expect(entries.map((e) => e.grade)).toEqual(['medium', 'medium', 'medium']);
    for (const e of entries) expect(solve(e.puzzle).solutions).toEqual([e.answer]);
    const s = await runCli(['animal-grid', 'solve', 'c.json', '--index', '2', '--json'], a.files);
    const missing = await runCli(['animal-grid', 'solve', 'c.json', '--index', '4'], a.files);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--index 4: no puzzle 4: the collection holds 3');
    expect((JSON.parse(s.stdout) as { count: number }).count).toBe(1);
    const one = await runCli([
      'animal-grid',
      'generate',
      '--seed',
      '5',
      '--grade',
      'expert',
      '--json',
    ]);
    expect((JSON.parse(one.stdout) as { grade: string }).grade).toBe('expert');
    expect(
      (await runCli(['animal-grid', 'generate', '--seed', '5', '--grade', 'legendary'])).code,
    ).toBe(2);
  });

  it('bounds generation by --max-ms and says which bound it gave up on', async () => {
    const r = await runCli([
      'animal-grid',
      'generate',
      '--seed',
      '1',
      '--difficulty',
      '1000..2000',
      '--max-candidates',
      '1000000000',
      '--max-ms',
      '300',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/gave up: time limit of 300 ms, after \d+ candidate/);
    expect(
      (await runCli(['animal-grid', 'generate', '--seed', '1', '--max-candidates', '1e9'])).code,
    ).toBe(2);
    const few = await runCli([
      'animal-grid',
      'generate',
      '--seed',
      '1',
      '--difficulty',
      '1000..2000',
      '--max-candidates',
      '3',
    ]);
    expect(few.stderr).toMatch(/gave up: candidate budget of 3/);
  });
});

describe('puzzlekit garden', () => {
  it('solve of a 16×16, 100-round level ends at --max-ms with "gave up"', async () => {
    const n = 16;
    const target: (string | null)[] = new Array<string | null>(n * n).fill('rose');
    target[8 * n + 8] = null; // growth always fills this cell: no planting works, and nothing prunes it
    const level: GardenLevel = {
      size: n,
      humidity: new Array<number>(n * n).fill(55),
      flowerTypes: [
        { name: '__proto__', min: 50, max: 60 },
        { name: 'rose', min: 50, max: 60 },
      ],
      seeds: { rose: 6 },
      rounds: 100,
      target,
    };
    const files = { 'big.json': formatGarden(level) };
    const r = await runCli(['garden', 'solve', 'big.json', '--max-ms', '500', '--json'], files);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { gaveUp: string; complete: boolean; count: number };
    expect(out).toMatchObject({
      gaveUp: 'gave up: time limit of 500 ms reached',
      outcome: { kind: 'gave-up', bound: 'time', limit: 500 },
      complete: false,
      count: 0,
    });
    expect(r.stderr).toContain('gave up: time limit of 500 ms');
    const nodes = await runCli(['garden', 'solve', 'big.json', '--max-nodes', '50'], files);
    expect(nodes.stdout).toContain('gave up: node budget of 50');
  });

  it('plants flowers named __proto__ like any other', async () => {
    const level = {
      size: 2,
      rounds: 1,
      flowers: { __proto__: 1 },
      humidity: [
        [55, 55],
        [35, 35],
      ],
      target: [
        ['__proto__', '__proto__'],
        [null, null],
      ],
      flowerTypes: [{ name: '__proto__', min: 50, max: 60 }],
    };
    const text = JSON.stringify(level).replace('"flowers":{}', '"flowers":{"__proto__":1}');
    const files = { 'p.json': text };
    const r = await runCli(['garden', 'solve', 'p.json', '--json'], files);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { count: number }).count).toBe(2);
    const sim = await runCli(
      ['garden', 'simulate', 'p.json', '--plant', '__proto__@0,0', '--json'],
      files,
    );
    expect((JSON.parse(sim.stdout) as { matchesTarget: boolean }).matchesTarget).toBe(true);
    const bad = await runCli(['garden', 'simulate', 'p.json', '--plant', 'rose@0,0'], files);
    expect(bad.code).toBe(2);
  });

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
    expect(campaign.code).toBe(0);
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
    // The demo shows the puzzle's conditions, numbered, in words, and a first hint.
    const conditions = (a.data as { conditions: string[] }).conditions;
    expect(conditions.length).toBe(data.puzzle.constraints.length);
    for (const line of conditions) expect(a.text).toContain(`  ${line}`);
    expect(a.text).toMatch(/first hint: (The \w+ goes|\d \w+s go) on /);
    expect(a.text).not.toMatch(/\bthe seed\b|\bagents?\b/i);
  });
});
