/**
 * The Screw Jam model as plain readonly data: a level is a board of bars (plates) in layers, each a
 * shape (polygon or grid cells) with screws through it at points. Higher `layer` numbers lie on top.
 */

/** A point on the board, in board units (a grid cell `[x, y]` spans `x..x+1` × `y..y+1`). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A screw: where it goes through its bar, and its colour name. */
export interface Screw {
  readonly x: number;
  readonly y: number;
  readonly color: string;
}

/**
 * A bar (plate). Exactly one of `cells` (unit grid cells `[x, y]`) or `polygon` (vertices `[x, y]`,
 * simple polygon, either orientation) gives its shape. A point is covered by the shape when it lies
 * inside it or on its boundary.
 */
export interface Bar {
  /** Layer: 0 is the bottom; a bar covers screws of bars in strictly lower layers. */
  readonly layer: number;
  /** Grid cells the bar occupies, each `[x, y]`. */
  readonly cells?: readonly (readonly [number, number])[];
  /** Polygon vertices `[x, y]`. */
  readonly polygon?: readonly (readonly [number, number])[];
  /** The screws holding the bar (at least one); the bar falls when its last screw is removed. */
  readonly screws: readonly Screw[];
}

/** A recorded winning play: the boxes in spawn order and the screws tapped, by global screw index. */
export interface LevelSolution {
  /** Box colours in the order they were spawned. */
  readonly boxes: readonly string[];
  /** Screws tapped in order; a screw's global index counts screws bar by bar in file order. */
  readonly taps: readonly number[];
}

/** A Screw Jam level. */
export interface Level {
  /** Optional name. */
  readonly name?: string;
  /** Board width in board units. */
  readonly width: number;
  /** Board height in board units. */
  readonly height: number;
  /** Colour names in a fixed order (the order colours are tried when picking a box); every screw colour appears. */
  readonly colors: readonly string[];
  /** Slots of the temporary area (tray); the game uses 5. */
  readonly traySize: number;
  /** The bars, any order. */
  readonly bars: readonly Bar[];
  /** A known winning play, if the level was generated with one. */
  readonly solution?: LevelSolution;
}

/** A screw still on the board, as an engine reports it. */
export interface SnapshotScrew {
  /** Colour name. */
  readonly color: string;
  /** Bars still up that cover the screw's point (0 = tappable). */
  readonly depth: number;
  /** The layer of the screw's bar (higher is on top); needed by the article's layer reading. */
  readonly layer?: number;
}

/**
 * What an engine can send without our geometry: the screws still on the board with their depth,
 * the tray, and the box being filled. `maxPerColor` is the article's N, fixed at the level's start.
 */
export interface Snapshot {
  /** N: the largest number of screws of one colour when the level started. */
  readonly maxPerColor: number;
  /**
   * Screws still on the board: colour, depth (bars above that cover it) and the `layer` of the screw's
   * bar. The article's reading of "top two layers" and l needs `layer`; the C# reading (by covering
   * bars) needs only `depth`.
   */
  readonly screws: readonly SnapshotScrew[];
  /** Colours of the screws in the temporary area (at most `traySize`, 5 by default). */
  readonly tray: readonly string[];
  /** The box being filled (the article's middle box, colour a), or null. */
  readonly currentBox: { readonly color: string; readonly filled: number } | null;
}
