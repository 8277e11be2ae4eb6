/**
 * Grid geometry for puzzles: points and the four/eight directions, plain-data grids on typed arrays
 * (cell index `y * width + x`), neighbours, flood fill, connected components, BFS distance maps,
 * the eight rotations/mirrors, and ASCII parse/print with errors that name line and column; for hot
 * loops, padded boards with constant neighbour offsets and a reusable breadth-first {@link CellSearch}.
 *
 * @packageDocumentation
 */
export {
  DIRECTION_LETTERS,
  DIRECTIONS4,
  DIRECTIONS8,
  DX4,
  DX8,
  DY4,
  DY8,
  Dir4,
  Dir8,
  addPoints,
  chebyshev,
  directionBetween,
  directionFromLetter,
  directionLetter,
  manhattan,
  opposite4,
  opposite8,
  point,
  pointsEqual,
  step4,
  step8,
  turnLeft4,
  turnLeft8,
  turnRight4,
  turnRight8,
  type Direction4,
  type Direction8,
  type Point,
} from './direction.js';
export {
  MAX_CELLS,
  assertGrid,
  cellAt,
  cloneGrid,
  createGrid,
  createInt32Grid,
  inBounds,
  indexOf,
  neighbours,
  neighboursInto,
  pointOf,
  setCell,
  type Connectivity,
  type Grid,
  type GridCells,
} from './grid.js';
export {
  connectedComponents,
  distanceMap,
  fillRegion,
  floodFill,
  passableMask,
  type Components,
  type Passable,
} from './regions.js';
export { neighbourOffsets, padGrid, padIndex, unpadGrid, unpadIndex } from './padded.js';
export { CellSearch } from './cell-search.js';
export {
  SYMMETRIES,
  gridsEqual,
  inverseSymmetry,
  mirrorX,
  mirrorY,
  rotate180,
  rotate270,
  rotate90,
  swapsAxes,
  transformGrid,
  transformPoint,
  transpose,
  type Symmetry,
} from './symmetry.js';
export {
  invertLegend,
  parseGrid,
  printGrid,
  type Legend,
  type ParseGridOptions,
  type PrintGridOptions,
  type PrintLegend,
} from './ascii.js';
