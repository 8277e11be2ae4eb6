import type { DamageCode } from './format/functions.js';

/** The hero's numbers that the battle formula reads. */
export interface HeroStats {
  readonly hp: number;
  readonly atk: number;
  readonly def: number;
  readonly mdef: number;
}

/** A monster as `enemys.js` describes it, with `special` normalised to a list of numbers. */
export interface Enemy {
  readonly id: string;
  readonly name: string;
  readonly hp: number;
  readonly atk: number;
  readonly def: number;
  /** Special ability numbers (1 pre-emptive, 2 magic attack, 3 solid, 4/5/6 multi-hit, …). */
  readonly specials: readonly number[];
  /** Hit count of special 6 (n-hit). */
  readonly n?: number;
  /**
   * Purify multiplier of special 9: the field `purify` in engine 2.9+, `n` before (read by the tower's
   * engine generation, see {@link Project.engine}).
   */
  readonly purify?: number;
  /** Vampire ratio of special 11: `vampire` in 2.9+, `value` before. */
  readonly vampire?: number;
  /** Vampire: add the drained HP to the monster's HP. */
  readonly add?: boolean;
  /** Counter-attack ratio of special 8: `counterAttack` in 2.9+, `atkValue` before. */
  readonly counterAttack?: number;
  /** Armour-break ratio of special 7: `breakArmor` in 2.9+, `defValue` before. */
  readonly breakArmor?: number;
  /** Fixed damage (special 22). */
  readonly damage?: number;
}

/** What a tile number means on the map. */
export type TileKind = 'wall' | 'terrain' | 'door' | 'stair' | 'enemy' | 'item' | 'npc';

/** One entry of `maps.js`: a tile number's class, id and what the analysis makes of it. */
export interface TileInfo {
  readonly number: number;
  /** `cls` in maps.js: enemys, enemy48, items, npcs, npc48, terrains, animates, autotile, tileset. */
  readonly cls: string;
  readonly id: string;
  readonly kind: TileKind;
  /** The hero can stand on it (floor, open terrain, items; doors are passable with their key). */
  readonly passable: boolean;
  /** Keys a door needs (only for `kind: 'door'`). */
  readonly keys?: Readonly<Record<string, number>>;
  /** Directions the hero cannot leave this tile towards (`cannotOut`). */
  readonly cannotOut?: readonly Direction[];
  /** Sides the hero cannot enter this tile from (`cannotIn`, as the engine reads it). */
  readonly cannotIn?: readonly Direction[];
}

/** A move direction, as the engine names it. */
export type Direction = 'up' | 'down' | 'left' | 'right';

/** A stat change as `base + perRatio × floor ratio` (blue gem: `values.blueGem × ratio`). */
export interface StatGain {
  readonly base: number;
  readonly perRatio: number;
}

/** What picking an item up does to the hero, read from its `itemEffect` without running it. */
export interface ItemEffect {
  readonly hp: StatGain;
  readonly atk: StatGain;
  readonly def: StatGain;
  readonly mdef: StatGain;
  /** False when some statement could not be read (for example `def *= 1.05`); those are ignored. */
  readonly exact: boolean;
  /** The statements that were not understood. */
  readonly unread: readonly string[];
}

/** An entry of `items.js`. Only `cls: 'items'` take effect when picked up. */
export interface Item {
  readonly id: string;
  readonly cls: string;
  readonly name: string;
  readonly effect: ItemEffect;
}

/** Where a stair or `changeFloor` event leads. */
export interface FloorChange {
  /** A floor id, or `:before`, `:next`, `:now` (relative to the floor in `main.floorIds`). */
  readonly floorId: string;
  /** Arrive at the cell of this tile id (`upFloor`, `downFloor`, …) or `:now`, `:symmetry`, `:symmetry_x`, `:symmetry_y`. */
  readonly stair?: string;
  /** Arrive at this cell. */
  readonly loc?: { readonly x: number; readonly y: number };
}

/** A change of floor this floor's data can make: a `changeFloor` cell or a `changeFloor` action of an event. */
export interface Transfer extends FloorChange {
  /** The cell it starts from (the event's cell), when it belongs to one. */
  readonly from?: { readonly x: number; readonly y: number };
  /** `stair` for the floor's `changeFloor` table (stairs, portals), `event` for an event's action. */
  readonly via: 'stair' | 'event';
}

/** One floor (`floors/<id>.js`). `map[y][x]` holds tile numbers, with `enable: false` events hidden (0). */
export interface Floor {
  readonly id: string;
  readonly title: string;
  readonly width: number;
  readonly height: number;
  /** Item multiplier of the floor (`ratio`, or `item_ratio` in old towers); 1 when absent. */
  readonly ratio: number;
  readonly map: readonly (readonly number[])[];
  /** `changeFloor` events keyed by `"x,y"`. */
  readonly changeFloor: Readonly<Record<string, FloorChange>>;
  /** Every change of floor found in the floor file (the `changeFloor` table and events' actions). */
  readonly transfers: readonly Transfer[];
  /** Cells `"x,y"` whose event changes floor when the hero steps on it: the hero leaves from there. */
  readonly eventExits: readonly string[];
  /** The floor's own `upFloor` / `downFloor` / `flyPoint` cells (they override the stair tiles). */
  readonly stairCells: Readonly<Record<string, { readonly x: number; readonly y: number }>>;
  /** `cannotMove`: per cell `"x,y"`, the directions the hero cannot move out of it. */
  readonly cannotMove: Readonly<Record<string, readonly Direction[]>>;
  /** `cannotMoveIn`: per cell, the sides it cannot be entered from. */
  readonly cannotMoveIn: Readonly<Record<string, readonly Direction[]>>;
}

/** Which engine generation the tower is read as, and why. */
export interface EngineInfo {
  /**
   * `2.9+`: monster fields `purify`, `vampire`, `breakArmor`, `counterAttack`; `2.0-2.8`: `n`, `value`,
   * `defValue`, `atkValue`.
   */
  readonly fields: '2.9+' | '2.0-2.8';
  /** `noPass` in maps.js (engine ≤ 2.6) rather than `canPass`. */
  readonly noPass: boolean;
  /** What decided `fields`. */
  readonly evidence: string;
  /** The damage code of `functions.js` compared with the stock engine's. */
  readonly damageCode: DamageCode;
}

/** The tower-wide numbers of `data.js` → `values` (gem values, armour-break ratio, …). */
export type TowerValues = Readonly<Record<string, number>>;

/** A whole H5 project, read without running any of its code. */
export interface Project {
  /** `firstData.title` (or name). */
  readonly title: string;
  /** `firstData.version`, such as `Ver 2.10.3`. */
  readonly version: string;
  /** `firstData.name`: the game's id (the engine refuses a replay file of another name). */
  readonly name: string;
  /** The difficulties' names (`main.levelChoose`), in order; empty where the game has none. */
  readonly difficulties: readonly string[];
  /** `data.js` → `values`, with the old names (`blueJewel`) copied to the new ones. */
  readonly values: TowerValues;
  /** `flags.enableNegativeDamage`. */
  readonly negativeDamage: boolean;
  /** The hero at the start of the game. */
  readonly hero: HeroStats;
  /** Keys the hero starts with (`firstData.hero.items.tools`, ids ending in `Key`). */
  readonly keys: Readonly<Record<string, number>>;
  /** The engine generation the tower is read as. */
  readonly engine: EngineInfo;
  /** The start floor and cell. */
  readonly start: { readonly floorId: string; readonly x: number; readonly y: number };
  /** `main.floorIds` in tower order (only those whose file was given). */
  readonly floorIds: readonly string[];
  /** maps.js by tile number (as a string key). */
  readonly tiles: Readonly<Record<string, TileInfo>>;
  readonly enemies: Readonly<Record<string, Enemy>>;
  readonly items: Readonly<Record<string, Item>>;
  readonly floors: Readonly<Record<string, Floor>>;
  /**
   * Floor files the tower does not list (`main.floorIds`) that could not be read or parsed: reported
   * here and skipped, as the engine never loads them.
   */
  readonly skipped: readonly SkippedFile[];
}

/** A file the tower does not list that could not be read or parsed: reported and skipped. */
export interface SkippedFile {
  /** The path in the project folder (`floors/Extra.js`). */
  readonly file: string;
  /** Why, in one line. */
  readonly reason: string;
}

/** The texts of a project's files, as {@link loadProject} takes them. */
export interface ProjectFiles {
  readonly 'data.js': string;
  readonly 'maps.js': string;
  readonly 'enemys.js': string;
  readonly 'items.js': string;
  /** Floor files by floor id (`MT1` → text of `floors/MT1.js`). */
  readonly floors: Readonly<Record<string, string>>;
  /** `functions.js`, read as text only (to recognise a custom damage formula); never run. */
  readonly 'functions.js'?: string;
  /** Unlisted files the reader could not read (reported, not loaded). */
  readonly skipped?: readonly SkippedFile[];
}
