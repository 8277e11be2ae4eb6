// Output fingerprint over seeds/sizes (not committed).
import { createHash } from 'node:crypto';
const mod = await import(process.argv[2]!);
const {
  generateBoard,
  solveBoard,
  hintMove,
  rateBoard,
  shuffleBoard,
  playablePairs,
  findPath,
  randomMask,
  isMaskConnected,
  parseBoard,
} = mod;
const { Rng } = await import('@puzzlekit/rng');
const parts: Record<string, string> = {};
const h = (k: string, v: unknown) => {
  parts[k] = createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 12);
};
const gens: unknown[] = [];
for (const [rows, cols, copies] of [
  [4, 6, 4],
  [8, 18, 4],
  [16, 30, 4],
  [12, 12, 2],
] as const)
  for (const gravity of ['none', 'down', 'left'])
    for (const difficulty of [0, 0.5, 1])
      for (let seed = 0; seed < 3; seed++)
        gens.push(generateBoard({ rows, cols, copies, seed, gravity, difficulty }));
h('generate', gens);
const solves: unknown[] = [];
const hints: unknown[] = [];
const rates: unknown[] = [];
for (let seed = 0; seed < 4; seed++)
  for (const gravity of ['none', 'down']) {
    const g = generateBoard({ rows: 8, cols: 12, seed, gravity, difficulty: 0.8 });
    const s = solveBoard(g.board, { gravity });
    solves.push([s.status, s.nodes, s.solution]);
    const hi = hintMove(g.board, { gravity });
    hints.push([hi.status, hi.move, hi.path, hi.nodes]);
    const r = rateBoard(g.board, { gravity, playouts: 30, seed, deadEndPlayouts: 1 });
    rates.push(r);
    rates.push(rateBoard(g.board, { gravity, playouts: 10, seed, solution: g.solution }));
    solves.push(playablePairs(g.board, { gravity }));
  }
// random deals
const rng = Rng.from('hash deals');
for (let i = 0; i < 6; i++) {
  const cells: number[] = [];
  for (let f = 1; f <= 24; f++) for (let k = 0; k < 4; k++) cells.push(f);
  rng.shuffle(cells);
  const b = { rows: 8, cols: 12, cells };
  const s = solveBoard(b, { nodeBudget: 3000 });
  solves.push([s.status, s.nodes, s.solution]);
  const hi = hintMove(b, { nodeBudget: 3000 });
  hints.push([hi.status, hi.move, hi.path, hi.nodes]);
  rates.push(rateBoard(b, { playouts: 20, seed: i, deadEndBudget: 300, nodeBudget: 3000 }));
  hints.push(shuffleBoard(b, { seed: i }));
  hints.push(findPath(b, [0, 0], [0, 1]));
}
h('solve', solves);
h('hint', hints);
h('rate', rates);
const masks: unknown[] = [];
for (const symmetry of ['none', 'horizontal', 'vertical', 'both'])
  for (let s = 0; s < 5; s++) {
    const m = randomMask({ rows: 9, cols: 12, fill: 0.6, symmetry, rng: Rng.from(s) });
    masks.push(m, isMaskConnected(m));
  }
h('masks', masks);
console.log(JSON.stringify(parts));
