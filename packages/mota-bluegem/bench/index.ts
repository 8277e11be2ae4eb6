// Figures for @puzzlekit/mota-bluegem: Horn's algorithm on a 200,000-node tree, the exact solver on
// floors with cycles (largest number of guard groups solved within 1 s), and every floor of the
// community tower (tree / cyclic / non-linear).
import { fileURLToPath } from 'node:url';
import { compareCpu, fmt, header, measure, table, timeOnce } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import {
  floorSummary,
  hornOrder,
  orderObjective,
  probeHero,
  solveFloor,
  solveGates,
  type Project,
} from '../src/index.js';
import { readProjectDir } from '../src/node.js';
import { randomCyclicFloor } from '../src/testing/cyclic.js';
import { hornOrderWith } from '../src/solve/horn.js';

header('@puzzlekit/mota-bluegem');

// 1. Horn on a random tree of 200,000 nodes (random recursive tree, values 0..1000).
{
  const n = 200_000;
  const rng = Rng.from('bench-horn');
  const parent = new Int32Array(n);
  const p = new Float64Array(n);
  const w = new Float64Array(n);
  parent[0] = -1;
  for (let i = 1; i < n; i++) {
    parent[i] = rng.below(i);
    p[i] = rng.int(0, 1000);
    w[i] = rng.int(0, 1000);
  }
  const deep = new Int32Array(n);
  deep[0] = -1;
  for (let i = 1; i < n; i++) deep[i] = rng.bool(0.9) ? i - 1 : rng.below(i); // long chains
  // CPU time per call besides wall time: the machine is shared, so wall time includes waiting.
  const timed = (fn: () => unknown): { medianMs: number; runs: number; cpuMs: number } => {
    const c0 = process.cpuUsage();
    const m = measure(fn, 2000);
    const c = process.cpuUsage(c0);
    // measure() also runs ~100 ms of warm-up calls; spread CPU over all calls made.
    const calls = m.iterations + Math.max(1, Math.round(100 / Math.max(m.medianMs, 1)));
    return { medianMs: m.medianMs, runs: m.iterations, cpuMs: (c.user + c.system) / 1000 / calls };
  };
  const m1 = timed(() => hornOrder({ parent, p, w }));
  const m2 = timed(() => hornOrder({ parent: deep, p, w }));
  const objective = orderObjective(hornOrder({ parent, p, w }), p, w);
  console.log("Horn's algorithm, 200,000 nodes:");
  table([
    ['tree', 'median wall ms', 'CPU ms per call', 'runs', 'objective'],
    [
      'random recursive (shallow)',
      fmt(m1.medianMs, 1),
      fmt(m1.cpuMs, 1),
      m1.runs,
      objective.toExponential(4),
    ],
    ['90% chain links (deep)', fmt(m2.medianMs, 1), fmt(m2.cpuMs, 1), m2.runs, '—'],
  ]);
  // Before/after the move onto graph-search. hornOrder takes the typed IndexedHeap where doubles order
  // the ratios exactly (integers, Σp × Σw ≤ 2^52) and the heap written in horn.ts (cross-products)
  // elsewhere — the trees above (values to 1,000: Σp × Σw ≈ 10^16) stay on it. Trees with values to
  // 200 (Σp × Σw ≈ 4·10^14) are in the IndexedHeap's range: both heaps on the same trees.
  const small = Float64Array.from(p, (x) => x % 201);
  const smallW = Float64Array.from(w, (x) => x % 201);
  const rows: (string | number)[][] = [
    [
      'hot path (200,000 nodes, values 0–200)',
      'hand-written heap CPU ms',
      'IndexedHeap CPU ms',
      'core / hand',
    ],
  ];
  for (const [name, tree] of [
    ['random recursive (shallow)', { parent, p: small, w: smallW }],
    ['90% chain links (deep)', { parent: deep, p: small, w: smallW }],
  ] as const) {
    const before = hornOrderWith(tree, 'cross-products');
    const after = hornOrderWith(tree, 'ratio');
    if (before.some((v, k) => v !== after[k])) throw new Error(`the heaps disagree on ${name}`);
    const c = compareCpu(
      () => hornOrderWith(tree, 'cross-products'),
      () => hornOrderWith(tree, 'ratio'),
      5,
      600,
    );
    rows.push([
      name,
      fmt(c.referenceUs / 1000, 1),
      fmt(c.candidateUs / 1000, 1),
      `${fmt(c.ratio, 2)}×`,
    ]);
  }
  console.log(
    '\nHorn, before (heap written by hand) and after (graph-search IndexedHeap), alternate rounds:',
  );
  table(rows);
}

// 2. Exact solver on random floors with cycles: rooms on a random spanning tree plus extra guards that
// close cycles; costs by the linear model. Both search spaces: sets of rooms reached (the default when
// guards do not touch each other) and sets of guards fought. Largest guard count solved (proven
// optimal, all 3 seeds) within 1 s of CPU.
{
  console.log(
    '\nExact solver on cyclic floors (3 seeds per size, node budget 5,000,000 states expanded; CPU ms, median / max):',
  );
  const rows: (string | number)[][] = [
    ['guards', 'rooms', 'rooms search', 'states', 'guards search', 'states', 'all optimal'],
  ];
  const largest = { regions: 0, gates: 0 };
  let gatesDone = false;
  for (let g = 8; g <= 48; g += g < 30 ? 2 : 6) {
    const run = (
      strategy: 'regions' | 'gates',
    ): { med: number; max: number; states: number; ok: boolean } => {
      const cpu: number[] = [];
      let states = 0;
      let ok = true;
      for (let seed = 0; seed < 3; seed++) {
        const problem = randomCyclicFloor(Rng.from(`bench-exact-${g}-${seed}`), g);
        const c0 = process.cpuUsage();
        const result = solveGates(problem, {
          budget: { maxWork: 5_000_000, maxStates: 16_000_000 },
          strategy,
        });
        const c = process.cpuUsage(c0);
        cpu.push((c.user + c.system) / 1000);
        states = Math.max(states, result.work);
        ok &&= result.optimal;
      }
      cpu.sort((a, b) => a - b);
      return { med: cpu[1] ?? 0, max: cpu[2] ?? 0, states, ok };
    };
    const byRooms = run('regions');
    if (byRooms.ok && byRooms.max <= 1000) largest.regions = g;
    const stop = byRooms.med > 3000;
    let byGates: { med: number; max: number; states: number; ok: boolean } | null = null;
    if (!gatesDone && g <= 30) {
      byGates = run('gates');
      if (byGates.ok && byGates.max <= 1000) largest.gates = g;
      if (byGates.med > 3000) gatesDone = true;
    }
    rows.push([
      g,
      Math.ceil(g * 0.6) + 1,
      `${fmt(byRooms.med, 1)} / ${fmt(byRooms.max, 1)}`,
      byRooms.states,
      byGates === null ? '—' : `${fmt(byGates.med, 1)} / ${fmt(byGates.max, 1)}`,
      byGates === null ? '—' : byGates.states,
      byRooms.ok && (byGates?.ok ?? true) ? 'yes' : 'no',
    ]);
    if (stop) break;
  }
  table(rows);
  console.log(
    `largest guard count with all 3 instances proven optimal within 1 s of CPU: ${largest.regions} searching rooms, ${largest.gates} searching guards`,
  );
}

// 3. Every floor of the community tower, from its default start cell, with the starting hero and with
// a survey hero that can damage every monster of the floor (attack 2 × highest defence + 1).
{
  const dir = fileURLToPath(new URL('../../../fixtures/mota/only-up/project/', import.meta.url));
  let project: Project | null = null;
  try {
    project = await readProjectDir(dir);
  } catch (error) {
    console.log(`\n(community tower not found at ${dir}: ${String(error)})`);
  }
  if (project !== null) {
    console.log(
      `\nCommunity tower "${project.title}" (${project.version}), ${Object.keys(project.floors).length} floor files:`,
    );
    const rows: (string | number)[][] = [
      [
        'floor',
        'start hero',
        'survey hero',
        'gates',
        'non-linear',
        'method',
        'states',
        'optimal',
        'ms',
      ],
    ];
    const counts = { tree: 0, cyclic: 0, empty: 0, unreachable: 0, nonlinear: 0 };
    let totalMs = 0;
    for (const id of Object.keys(project.floors).sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true }),
    )) {
      const plain = floorSummary(project, id);
      const hero = probeHero(project, id);
      const { result, ms } = timeOnce(() => {
        const s = floorSummary(project, id, { hero });
        const sol =
          s.shape === 'tree' || s.shape === 'cyclic' ? solveFloor(project, id, { hero }) : null;
        return { s, sol };
      });
      totalMs += ms;
      const { s, sol } = result;
      counts[s.shape]++;
      if (s.nonlinear > 0) counts.nonlinear++;
      rows.push([
        id,
        plain.shape,
        s.shape,
        s.gates,
        s.nonlinear,
        sol?.method ?? '—',
        sol?.work ?? 0,
        sol === null ? '—' : sol.optimal ? 'yes' : 'no',
        fmt(ms, 0),
      ]);
    }
    table(rows);
    console.log(
      `survey hero: ${counts.tree} tree, ${counts.cyclic} cyclic, ${counts.empty} with nothing to fight for, ${counts.unreachable} unreachable (nothing leads onto them); ${counts.nonlinear} floors with non-linear monsters; all floors in ${fmt(totalMs, 0)} ms`,
    );
  }
}
