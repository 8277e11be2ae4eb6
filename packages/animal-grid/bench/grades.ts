/**
 * The grade table of the README: 400 puzzles from `generatePuzzle` without a band (seed `dist`), by
 * the paper's grade (D alone) and by the package's grade (hardest reasoning and D), against the
 * hardest kind of reasoning their deduction trace needs. Run:
 * `pnpm --filter @puzzlekit/animal-grid exec tsx --conditions=@puzzlekit/source bench/grades.ts`.
 */
import { table } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import {
  GRADES,
  REASONING,
  generatePuzzle,
  reasoningOf,
  type GeneratedPuzzle,
} from '../src/index.js';

const rng = Rng.from('dist');
const puzzles: GeneratedPuzzle[] = [];
while (puzzles.length < 400) {
  const r = generatePuzzle(rng);
  if ('value' in r) puzzles.push(r.value);
}
for (const [label, gradeOfPuzzle] of [
  ["paper's grade (D alone)", (g: GeneratedPuzzle) => g.paperGrade],
  ['grade (reasoning and D)', (g: GeneratedPuzzle) => g.grade],
] as const) {
  const rows: (string | number)[][] = [[label, ...REASONING, 'puzzles']];
  for (const grade of GRADES) {
    const mine = puzzles.filter((g) => gradeOfPuzzle(g) === grade);
    rows.push([
      grade,
      ...REASONING.map((r) => mine.filter((g) => reasoningOf(g.deduction.hardest) === r).length),
      mine.length,
    ]);
  }
  table(rows);
  console.log();
}
