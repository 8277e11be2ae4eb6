import {
  generateBoard,
  solveBoard,
  hintMove,
  rateBoard,
  randomMask,
  isMaskConnected,
} from './src/index.js';
import { Rng } from '@puzzlekit/rng';
const t = (name: string, f: () => unknown) => {
  const s = performance.now();
  for (let i = 0; i < 5; i++) f();
  console.log(name, ((performance.now() - s) / 5).toFixed(2), 'ms');
};
const g = generateBoard({ rows: 8, cols: 18, seed: 5, difficulty: 1 });
const g2 = generateBoard({ rows: 16, cols: 30, seed: 5, difficulty: 1 });
const gd = generateBoard({ rows: 8, cols: 18, seed: 5, difficulty: 1, gravity: 'down' });
t('solve 18x8', () => solveBoard(g.board));
t('solve 30x16', () => solveBoard(g2.board));
t('solve 18x8 down', () => solveBoard(gd.board, { gravity: 'down' }));
t('hint 18x8', () => hintMove(g.board));
t('hint 30x16', () => hintMove(g2.board));
t('rate 18x8', () => rateBoard(g.board, { playouts: 20, seed: 1 }));
t('rate 18x8 down', () =>
  rateBoard(gd.board, { gravity: 'down', playouts: 20, seed: 1, solution: gd.solution }),
);
t('gen 30x16', () => generateBoard({ rows: 16, cols: 30, seed: 5, difficulty: 1 }));
const m = randomMask({ rows: 200, cols: 200, fill: 0.6, rng: Rng.from(1) });
t('maskconn 200', () => isMaskConnected(m));
