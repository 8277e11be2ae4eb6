// Figures for @puzzlekit/mota-bluegem: Horn's algorithm on a 200,000-node tree, the exact solver on
// floors with cycles (largest number of guard groups solved within 1 s), and every floor of the
// community tower (tree / cyclic / non-linear).
import { fileURLToPath } from 'node:url';
import { fmt, header, measure, table, timeOnce } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import {
  floorSummary,
  hornOrder,
  orderObjective,
  probeHero,
  solveFloor,
  solveGates,
  type GateProblem,
  type Project,
} from '../src/index.js';
import { readProjectDir } from '../src/node.js';

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
}

// 2. Exact solver on random floors with cycles: R rooms on a spanning tree plus extra guards that
// close cycles; costs by the linear model. Largest guard count solved (proven optimal) within 1 s.
{
  console.log(
    '\nExact solver on cyclic floors (best of 3 seeds per size, state budget 5,000,000):',
  );
  const rows: (string | number)[][] = [
    [
      'guards',
      'rooms',
      'median wall ms',
      'median CPU ms',
      'max CPU ms',
      'max states',
      'all optimal',
    ],
  ];
  let largest = 0;
  for (let g = 8; g <= 30; g += 2) {
    const times: number[] = [];
    const cpu: number[] = [];
    let maxStates = 0;
    let allOptimal = true;
    for (let seed = 0; seed < 3; seed++) {
      const problem = randomCyclicFloor(Rng.from(`bench-exact-${g}-${seed}`), g);
      const c0 = process.cpuUsage();
      const { result, ms } = timeOnce(() => solveGates(problem, { maxStates: 5_000_000 }));
      const c = process.cpuUsage(c0);
      times.push(ms);
      cpu.push((c.user + c.system) / 1000);
      maxStates = Math.max(maxStates, result.states);
      allOptimal &&= result.optimal;
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    rows.push([
      g,
      Math.ceil(g * 0.6) + 1,
      fmt(times[1] ?? 0, 1),
      fmt(cpu[1] ?? 0, 1),
      fmt(cpu[2] ?? 0, 1),
      maxStates,
      allOptimal ? 'yes' : 'no',
    ]);
    if (allOptimal && (cpu[2] ?? 0) <= 1000) largest = g;
    if ((cpu[1] ?? 0) > 3000) break;
  }
  table(rows);
  console.log(
    `largest guard count with all 3 instances proven optimal within 1 s of CPU: ${largest}`,
  );
}

function randomCyclicFloor(rng: Rng, gates: number): GateProblem {
  const rooms = Math.ceil(gates * 0.6) + 1;
  const regionReward = Array.from({ length: rooms }, (_, i) => (i === 0 ? 0 : rng.int(1, 9) * 3));
  const total = regionReward.reduce((a, b) => a + b, 0);
  const gateRegions: number[][] = [];
  for (let r = 1; r < rooms; r++) gateRegions.push([rng.below(r), r]);
  while (gateRegions.length < gates) {
    const a = rng.below(rooms);
    let b = rng.below(rooms);
    if (a === b) b = (b + 1) % rooms;
    gateRegions.push([Math.min(a, b), Math.max(a, b)]);
  }
  const saving = gateRegions.map(() => rng.int(1, 12));
  return {
    regionReward,
    start: 0,
    gateRegions,
    gateGates: gateRegions.map(() => []),
    base: saving.map((a) => a * total + rng.int(10, 400)),
    saving,
  };
}

// 3. Every floor of the community tower, from its default start cell, with the starting hero and with
// a survey hero that can damage every monster of the floor (attack 2 × highest defence + 1).
{
  const dir = fileURLToPath(
    new URL('../../../../shared/fixtures/mota/only-up/project/', import.meta.url),
  );
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
    const counts = { tree: 0, cyclic: 0, empty: 0, 'no-start': 0, nonlinear: 0 };
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
        sol?.states ?? 0,
        sol === null ? '—' : sol.optimal ? 'yes' : 'no',
        fmt(ms, 0),
      ]);
    }
    table(rows);
    console.log(
      `survey hero: ${counts.tree} tree, ${counts.cyclic} cyclic, ${counts.empty} with nothing to fight for, ${counts['no-start']} without a start cell; ${counts.nonlinear} floors with non-linear monsters; all floors in ${fmt(totalMs, 0)} ms`,
    );
  }
}
