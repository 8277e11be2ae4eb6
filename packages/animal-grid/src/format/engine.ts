/**
 * The plain export a game engine (Unity, Godot, Cocos, Phaser) loads without this package: the board
 * as grids of numbers, top row first, with a legend for the codes — as LDtk exports an IntGrid layer
 * with its value definitions — and the conditions in words and as data. Described by
 * `schema/engine.schema.json`.
 */
import {
  ANIMALS,
  COLUMN_FRUITS,
  ROW_FRUITS,
  cellHeight,
  type Animal,
  type Constraint,
  type Puzzle,
  type Solution,
} from '../model.js';
import { describeConstraint } from '../text/words.js';

/** The code of an empty cell in {@link EngineExport.cells}. */
export const EMPTY_CODE = 0;

/** One code of the legend: 0 is an empty cell, 1–9 the animals in the box's order. */
export interface LegendEntry {
  readonly code: number;
  readonly name: 'empty' | Animal;
}

/** A puzzle (and its answer) as plain grids and a legend. */
export interface EngineExport {
  readonly format: 'puzzlekit-animal-grid-engine';
  readonly version: 1;
  readonly width: 3;
  readonly height: 3;
  /** Row fruits, top row first (apple, lemon, orange). */
  readonly rowLabels: readonly string[];
  /** Column fruits, left to right (pineapple, banana, strawberry). */
  readonly columnLabels: readonly string[];
  /** The height of each cell (1–3), top row first. */
  readonly heights: readonly (readonly number[])[];
  /** Every code an engine may meet in `cells`. */
  readonly legend: readonly LegendEntry[];
  /** The pieces to place: legend code and count. */
  readonly pieces: readonly { readonly code: number; readonly count: number }[];
  /** The answer as legend codes, top row first, or null when the export has no answer. */
  readonly cells: readonly (readonly number[])[] | null;
  /** The conditions, numbered from 1 in `text`, with the rule as data (the puzzle format's). */
  readonly conditions: readonly { readonly text: string; readonly rule: Constraint }[];
}

/** The legend code of an animal. */
const codeOf = (a: Animal): number => ANIMALS.indexOf(a) + 1;

/** Rows of a 3×3 board top row (y = 2) first, a cell value from (x, y). */
const rowsTopFirst = <T>(cell: (x: number, y: number) => T): T[][] =>
  [2, 1, 0].map((y) => [0, 1, 2].map((x) => cell(x, y)));

/** Exports a puzzle, and its answer when given, for an engine (see {@link EngineExport}). */
export function engineExport(puzzle: Puzzle, answer?: Solution): EngineExport {
  const at = new Map<number, Animal>();
  for (const p of answer ?? []) at.set(p.y * 3 + p.x, p.animal);
  return {
    format: 'puzzlekit-animal-grid-engine',
    version: 1,
    width: 3,
    height: 3,
    rowLabels: [...ROW_FRUITS].reverse(),
    columnLabels: [...COLUMN_FRUITS],
    heights: rowsTopFirst((x, y) => cellHeight(x, y)),
    legend: [
      { code: EMPTY_CODE, name: 'empty' },
      ...ANIMALS.map((a) => ({ code: codeOf(a), name: a })),
    ],
    pieces: ANIMALS.filter((a) => (puzzle.animals[a] ?? 0) > 0).map((a) => ({
      code: codeOf(a),
      count: puzzle.animals[a]!,
    })),
    cells:
      answer === undefined
        ? null
        : rowsTopFirst((x, y) => {
            const a = at.get(y * 3 + x);
            return a === undefined ? EMPTY_CODE : codeOf(a);
          }),
    conditions: puzzle.constraints.map((rule, i) => ({
      text: `${i + 1}. ${describeConstraint(rule, puzzle)}`,
      rule,
    })),
  };
}
