// Before/after on the hot paths against a git ref (issue 25: comparison against a ref instead of frozen
// copies of old code): `pnpm --filter @puzzlekit/screw-jam-difficulty exec tsx bench/compare-ref.ts <ref>`.
// It extracts the ref's sources of this package and of the siblings it imports (errors, rng,
// graph-search, job where the ref has it) into a temporary folder, loads both versions in one process,
// checks that they give the same answers, and times them in alternate rounds (CPU time, median of the
// per-round ratios). The ref may predate the job vocabulary: `Api` adapts the calls.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareCpu, fmt, table } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import * as current from '../src/index.js';
import type { Level } from '../src/index.js';

const ref = process.argv[2] ?? 'HEAD';
const packageDir = path.resolve(import.meta.dirname, '..');
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: packageDir })
  .toString()
  .trim();

/** The ref's sources of `name` as a package whose entry is its TypeScript source. */
function extract(into: string, name: string, folder: string): boolean {
  const listed = execFileSync('git', ['ls-tree', '--name-only', ref, `packages/${folder}/src`], {
    cwd: root,
  }).toString();
  if (listed.trim() === '') return false;
  const dir = path.join(into, 'node_modules', '@puzzlekit', name);
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', ref, `packages/${folder}/src`], {
    cwd: root,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '--strip-components=2', '-C', dir], { input: tar });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: `@puzzlekit/${name}`, type: 'module', exports: './src/index.ts' }),
  );
  // Third-party dependencies (pure-rand…) from this checkout; siblings stay the ref's.
  const modules = path.join(root, 'packages', folder, 'node_modules');
  if (existsSync(modules))
    for (const entry of readdirSync(modules)) {
      const link = path.join(into, 'node_modules', entry);
      if (entry.startsWith('.') || entry === '@puzzlekit' || existsSync(link)) continue;
      symlinkSync(realpathSync(path.join(modules, entry)), link);
    }
  return true;
}

/** The calls the comparison makes, in either vocabulary. */
interface Api {
  generate(
    options: { colors: number; width: number; height: number; layers: number },
    seed: number,
  ): Level;
  solve(level: Level, boxes: readonly string[], slots: 1 | 2): { taps: unknown; work: number };
  simulateTally(level: Level, runs: number): unknown;
}

type Loose = Record<string, (...args: unknown[]) => unknown>;

function adapt(m: Loose): Api {
  const old = 'generateLevelWithReplay' in m;
  return {
    generate: (o, seed) => {
      if (old) return m.generateLevel!({ ...o, seed }) as Level;
      const r = m.generateLevel!(o, Rng.from(seed)) as { value: { level: Level } };
      return r.value.level;
    },
    solve: (level, boxes, slots) => {
      if (old) {
        const r = m.solveLevel!(level, { boxes, boxSlots: slots, maxNodes: 1e7 }) as {
          taps: unknown;
          nodes: number;
        };
        return { taps: r.taps, work: r.nodes };
      }
      const r = m.solveLevel!(level, { maxWork: 1e7 }, { boxes, boxSlots: slots }) as {
        value?: { taps: unknown };
        work: number;
      };
      return { taps: r.value?.taps ?? null, work: r.work };
    },
    simulateTally: (level, runs) =>
      (
        m.simulate!(level, {
          runs,
          bot: { kind: 'greedy' },
          policy: { kind: 'random' },
          seed: 1,
          keepBoxes: false,
        }) as { tally: unknown }
      ).tally,
  };
}

const work = mkdtempSync(path.join(tmpdir(), 'screw-jam-ref-'));
try {
  for (const [name, folder] of [
    ['errors', 'errors'],
    ['rng', 'rng'],
    ['job', 'job'],
    ['graph-search', 'graph-search'],
    ['screw-jam-difficulty', 'screw-jam-difficulty'],
  ] as const)
    extract(work, name, folder);
  const before = adapt(
    (await import(
      pathToFileURL(path.join(work, 'node_modules/@puzzlekit/screw-jam-difficulty/src/index.ts'))
        .href
    )) as Loose,
  );
  const after = adapt(current as unknown as Loose);
  console.log(`hot paths, ${ref} (before) against this checkout (after); CPU µs per call:`);
  const rows: (string | number)[][] = [
    ['hot path', 'positions', 'before µs', 'after µs', 'after / before'],
  ];
  const same = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: the versions disagree`);
  };
  // Each call is timed in batches of 16: cases of a few ms keep a run short on a shared machine.
  for (const [colors, slots, seed] of [
    [6, 1, 1],
    [10, 2, 4],
    [8, 1, 3],
  ] as const) {
    const level = after.generate({ colors, layers: 5, width: 6, height: 8 }, seed);
    const rng = Rng.from(seed + 100);
    const boxes = rng.shuffled(level.solution!.boxes);
    const a = after.solve(level, boxes, slots);
    const b = before.solve(level, boxes, slots);
    same(`solve ${colors}/${seed}`, a, b);
    const r = compareCpu(
      () => before.solve(level, boxes, slots),
      () => after.solve(level, boxes, slots),
    );
    rows.push([
      `solve: ${colors} colours, ${slots} box position(s), seed ${seed}`,
      a.work,
      fmt(r.referenceUs, 0),
      fmt(r.candidateUs, 0),
      `${fmt(r.ratio, 2)}×`,
    ]);
  }
  for (const [colors, w, h] of [
    [6, 8, 10],
    [12, 10, 12],
  ] as const) {
    const o = { colors, width: w, height: h, layers: 5 };
    // The same level (compared by its bars: the older generator also named it after the seed).
    same('generate', after.generate(o, 7).bars, before.generate(o, 7).bars);
    const r = compareCpu(
      () => before.generate(o, 7),
      () => after.generate(o, 7),
    );
    rows.push([
      `generate: ${colors} colours, ${w}×${h}, 5 layers`,
      '–',
      fmt(r.referenceUs, 0),
      fmt(r.candidateUs, 0),
      `${fmt(r.ratio, 2)}×`,
    ]);
  }
  const ten = after.generate({ colors: 10, layers: 5, width: 6, height: 8 }, 1);
  same('simulate', after.simulateTally(ten, 200), before.simulateTally(ten, 200));
  const r = compareCpu(
    () => before.simulateTally(ten, 200),
    () => after.simulateTally(ten, 200),
  );
  rows.push([
    'simulate: 200 greedy playouts, 10 colours',
    '–',
    fmt(r.referenceUs, 0),
    fmt(r.candidateUs, 0),
    `${fmt(r.ratio, 2)}×`,
  ]);
  table(rows);
} finally {
  rmSync(work, { recursive: true, force: true });
}
