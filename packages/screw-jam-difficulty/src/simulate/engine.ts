import type { Snapshot, SnapshotScrew } from '../model.js';
import type { CompiledLevel } from '../board.js';
import type { DctParams } from '../rate/dct.js';
import { dctLeft, dctMiddle } from '../rate/dct.js';

/** Where a new box appears: the middle (no box current) or the left (beside the current box). */
export type BoxPosition = 'middle' | 'left';

/** What the index saw when a box spawned, and what became of the box. */
export interface BoxRecord {
  /** Colour name. */
  readonly color: string;
  /** Where it spawned, which decides the index used (middle: first index; left: second). */
  readonly position: BoxPosition;
  /** Move number (taps so far) at the spawn. */
  readonly step: number;
  /** M as the index defines it for this position (middle: tray not of c; left: whole tray). */
  readonly M: number;
  /** K: tray screws of the box's colour. */
  readonly K: number;
  /** N of the level. */
  readonly N: number;
  /** n for the box's colour ("in the top two layers" under the reading used). */
  readonly nSelf: number;
  /** n_a of the current box's colour (left position), else 0. */
  readonly nCurrent: number;
  /** The article's l > 2 held (under the reading used). */
  readonly deep: boolean;
  /** A current box existed (left position). */
  readonly hasCurrent: boolean;
  /** dct at the spawn under the simulation's parameters. */
  readonly dct: number;
  /** Tray screws at the spawn. */
  readonly trayAtSpawn: number;
  /** Largest tray occupancy while the box was open. */
  maxTray: number;
  /** Whether the box was completed (a box still open when the game is lost failed). */
  finished: boolean;
}

/** Chooses the colour id of a new box for `slot` (0 middle, 1 left); only colours with boxes left. */
export type Spawner = (game: Game, slot: number) => number;

/** Game status codes. */
export const PLAYING = 0;
/** Won: board and tray empty. */
export const WON = 1;
/** Lost: no tappable screw had anywhere to go. */
export const LOST = 2;

/**
 * The mutable state of one playthrough, on typed arrays. Rules: a tapped screw goes to the middle box
 * if it has its colour and room, else the left box, else the tray; with none of these the game is
 * lost. A box of three leaves when full; the left box then moves to the middle and a new box spawns
 * on the left (the spawner picks its colour among colours with boxes still to come); a new box takes
 * up to three tray screws of its colour at once. Won when the board and the tray are empty.
 * A low-level, mutable engine for simulators and engines that step a game themselves; `simulate`
 * wraps it and returns plain data.
 */
export class Game {
  /** The compiled level being played. */
  readonly lv: CompiledLevel;
  /** Box positions in play: 2 (middle, left) or 1. */
  readonly boxSlots: number;
  /** Index parameters for recorded dct values and band spawning. */
  readonly params: DctParams;
  /** 1 while screw s is on the board. */
  present: Uint8Array;
  /** Bars still up that cover screw s. */
  depth: Int32Array;
  /** Screws still in bar b (0 = fallen). */
  barLeft: Int32Array;
  /** Tray screws per colour. */
  tray: Int32Array;
  /** Tray screws in all. */
  trayTotal = 0;
  /** Colour of the box in slot 0 (middle) and 1 (left), −1 for none. */
  boxColor: Int32Array;
  /** Screws in each box. */
  boxFill: Int32Array;
  /** Index of each open box's record in `records`, −1 for none. */
  boxRec: Int32Array;
  /** Boxes still to spawn per colour. */
  boxesLeft: Int32Array;
  /** Boxes still to spawn, all colours. */
  boxesToCome = 0;
  /** Board screws at depth ≤ 1 per colour. */
  top: Int32Array;
  /** Board screws at depth 0 per colour. */
  free: Int32Array;
  /** Board screws at depth ≥ 2 (the C# reading's l > 2 when positive). */
  deepCount = 0;
  /** Bars still up per layer rank (see `CompiledLevel.barRank`). */
  rankBars: Int32Array;
  /** Board screws per layer rank and colour: index rank × colours + colour. */
  rankColor: Int32Array;
  /** Layer ranks with a bar still up: the article's l in its layer reading. */
  ranksUp = 0;
  /** True when the index reads layers as the prose does (params.reading is not 'cover'). */
  readonly byLayers: boolean;
  /** Screws still on the board. */
  boardLeft: number;
  /** PLAYING, WON or LOST. */
  status = PLAYING;
  /** Taps made. */
  steps = 0;
  /** Boxes completed. */
  completed = 0;
  /** Largest tray load so far. */
  maxTray = 0;
  /** Sum of the tray load after each tap. */
  traySum = 0;
  /** Box records when recording, else null. */
  records: BoxRecord[] | null;

  /** A new game at the level's start, before any box spawns (call {@link Game.refill} first). */
  constructor(lv: CompiledLevel, boxSlots: number, params: DctParams, record: boolean) {
    this.lv = lv;
    this.boxSlots = boxSlots;
    this.params = params;
    const C = lv.colors.length;
    this.present = new Uint8Array(lv.nScrews).fill(1);
    this.depth = new Int32Array(lv.nScrews);
    this.barLeft = Int32Array.from(lv.barScrewCount);
    this.tray = new Int32Array(C);
    this.boxColor = new Int32Array(2).fill(-1);
    this.boxFill = new Int32Array(2);
    this.boxRec = new Int32Array(2).fill(-1);
    this.boxesLeft = new Int32Array(C);
    for (let c = 0; c < C; c++) this.boxesLeft[c] = lv.colorTotal[c]! / 3;
    for (let c = 0; c < C; c++) this.boxesToCome += this.boxesLeft[c]!;
    this.top = new Int32Array(C);
    this.free = new Int32Array(C);
    for (let s = 0; s < lv.nScrews; s++) {
      const d = lv.coverStart[s + 1]! - lv.coverStart[s]!;
      this.depth[s] = d;
      const c = lv.screwColor[s]!;
      if (d <= 1) this.top[c]!++;
      else this.deepCount++;
      if (d === 0) this.free[c]!++;
    }
    this.boardLeft = lv.nScrews;
    this.byLayers = (params.reading ?? 'layers') === 'layers';
    this.rankBars = new Int32Array(lv.nRanks);
    this.rankColor = new Int32Array(lv.nRanks * C);
    for (let b = 0; b < lv.nBars; b++) if (this.rankBars[lv.barRank[b]!]!++ === 0) this.ranksUp++;
    for (let s = 0; s < lv.nScrews; s++)
      this.rankColor[lv.barRank[lv.screwBar[s]!]! * C + lv.screwColor[s]!]!++;
    this.records = record ? [] : null;
  }

  /**
   * n_c, the screws of colour c "in the top two layers", under the reading in `params`: in the two
   * highest layers with a bar still up (prose), or covered by at most one bar (C#).
   */
  supply(c: number): number {
    if (!this.byLayers) return this.top[c]!;
    const C = this.tray.length;
    let n = 0;
    let seen = 0;
    for (let r = this.rankBars.length - 1; r >= 0 && seen < 2; r--) {
      if (this.rankBars[r]! > 0) {
        n += this.rankColor[r * C + c]!;
        seen++;
      }
    }
    return n;
  }

  /** The article's l > 2 under the reading in `params`. */
  deep(): boolean {
    return this.byLayers ? this.ranksUp > 2 : this.deepCount > 0;
  }

  /** A copy sharing nothing mutable (records are not copied: lookahead copies do not record). */
  clone(): Game {
    const g = Object.create(Game.prototype) as Game;
    Object.assign(g, this);
    g.present = this.present.slice();
    g.depth = this.depth.slice();
    g.barLeft = this.barLeft.slice();
    g.tray = this.tray.slice();
    g.boxColor = this.boxColor.slice();
    g.boxFill = this.boxFill.slice();
    g.boxRec = this.boxRec.slice();
    g.boxesLeft = this.boxesLeft.slice();
    g.top = this.top.slice();
    g.free = this.free.slice();
    g.rankBars = this.rankBars.slice();
    g.rankColor = this.rankColor.slice();
    g.records = null;
    return g;
  }

  /**
   * Overwrites this game with the state of `o` (a game of the same level), without allocating; the
   * search's fast alternative to {@link Game.clone}. Records are not copied.
   */
  copyFrom(o: Game): void {
    this.present.set(o.present);
    this.depth.set(o.depth);
    this.barLeft.set(o.barLeft);
    this.tray.set(o.tray);
    this.boxColor.set(o.boxColor);
    this.boxFill.set(o.boxFill);
    this.boxRec.set(o.boxRec);
    this.boxesLeft.set(o.boxesLeft);
    this.top.set(o.top);
    this.free.set(o.free);
    this.rankBars.set(o.rankBars);
    this.rankColor.set(o.rankColor);
    this.ranksUp = o.ranksUp;
    this.trayTotal = o.trayTotal;
    this.boxesToCome = o.boxesToCome;
    this.deepCount = o.deepCount;
    this.boardLeft = o.boardLeft;
    this.status = o.status;
    this.steps = o.steps;
    this.completed = o.completed;
    this.maxTray = o.maxTray;
    this.traySum = o.traySum;
    this.records = null;
  }

  /** Where screw s would go: 0 or 1 = that box slot, 2 = tray, -1 = nowhere. */
  destination(s: number): number {
    const c = this.lv.screwColor[s]!;
    for (let k = 0; k < this.boxSlots; k++) {
      if (this.boxColor[k] === c && this.boxFill[k]! < 3) return k;
    }
    return this.trayTotal < this.lv.traySize ? 2 : -1;
  }

  /** Writes tappable screws (depth 0) into `out`; returns how many. */
  accessible(out: Int32Array): number {
    let n = 0;
    for (let s = 0; s < this.lv.nScrews; s++)
      if (this.present[s] === 1 && this.depth[s] === 0) out[n++] = s;
    return n;
  }

  /** Writes tappable screws that have somewhere to go into `out`; returns how many. */
  legal(out: Int32Array): number {
    let n = 0;
    for (let s = 0; s < this.lv.nScrews; s++) {
      if (this.present[s] === 1 && this.depth[s] === 0 && this.destination(s) >= 0) out[n++] = s;
    }
    return n;
  }

  /** The index for a new box of colour c in `slot` (0: middle index; 1: left index with a = middle box). */
  dctFor(c: number, slot: number): number {
    const N = this.lv.maxPerColor;
    const deep = this.deep();
    if (slot === 0 || this.boxColor[0]! < 0) {
      return dctMiddle(
        { M: this.trayTotal - this.tray[c]!, N, nc: this.supply(c), deep },
        this.params,
      );
    }
    const a = this.boxColor[0]!;
    return dctLeft(
      {
        M: this.trayTotal,
        K: this.tray[c]!,
        N,
        na: this.supply(a),
        nb: this.supply(c),
        deep,
        hasCurrent: true,
      },
      this.params,
    );
  }

  /** Spawns boxes into empty slots while boxes remain (the left box first moves to the middle). */
  refill(spawner: Spawner | null): void {
    while (true) {
      if (this.boxSlots === 2 && this.boxColor[0]! < 0 && this.boxColor[1]! >= 0) {
        this.boxColor[0] = this.boxColor[1]!;
        this.boxFill[0] = this.boxFill[1]!;
        this.boxRec[0] = this.boxRec[1]!;
        this.boxColor[1] = -1;
        this.boxFill[1] = 0;
        this.boxRec[1] = -1;
      }
      if (spawner === null) return;
      let slot = -1;
      for (let k = 0; k < this.boxSlots; k++) {
        if (this.boxColor[k]! < 0) {
          slot = k;
          break;
        }
      }
      if (slot < 0) return;
      if (this.boxesToCome === 0) return;
      const c = spawner(this, slot);
      if (!(this.boxesLeft[c]! > 0))
        throw new Error(`spawner chose colour ${c} with no boxes left`);
      this.spawnBox(slot, c);
    }
  }

  private spawnBox(slot: number, c: number): void {
    if (this.records) {
      const hasCurrent = slot === 1 && this.boxColor[0]! >= 0;
      const a = hasCurrent ? this.boxColor[0]! : -1;
      this.boxRec[slot] = this.records.length;
      this.records.push({
        color: this.lv.colors[c]!,
        position: hasCurrent ? 'left' : 'middle',
        step: this.steps,
        M: hasCurrent ? this.trayTotal : this.trayTotal - this.tray[c]!,
        K: this.tray[c]!,
        N: this.lv.maxPerColor,
        nSelf: this.supply(c),
        nCurrent: a >= 0 ? this.supply(a) : 0,
        deep: this.deep(),
        hasCurrent,
        dct: this.dctFor(c, slot),
        trayAtSpawn: this.trayTotal,
        maxTray: this.trayTotal,
        finished: false,
      });
    }
    this.boxesLeft[c]!--;
    this.boxesToCome--;
    this.boxColor[slot] = c;
    const pull = Math.min(this.tray[c]!, 3);
    this.tray[c]! -= pull;
    this.trayTotal -= pull;
    this.boxFill[slot] = pull;
    if (pull === 3) this.finishBox(slot);
  }

  private finishBox(slot: number): void {
    const r = this.boxRec[slot]!;
    if (this.records && r >= 0) this.records[r]!.finished = true;
    this.boxColor[slot] = -1;
    this.boxFill[slot] = 0;
    this.boxRec[slot] = -1;
    this.completed++;
  }

  /** Taps screw s (must be tappable). Returns the new status. */
  tap(s: number, spawner: Spawner | null): number {
    const lv = this.lv;
    const dest = this.destination(s);
    this.steps++;
    if (dest < 0) {
      this.status = LOST;
      return LOST;
    }
    const c = lv.screwColor[s]!;
    // Off the board.
    this.present[s] = 0;
    this.boardLeft--;
    this.top[c]!--;
    this.free[c]!--;
    const b = lv.screwBar[s]!;
    const rank = lv.barRank[b]!;
    this.rankColor[rank * this.tray.length + c]!--;
    if (--this.barLeft[b]! === 0) {
      if (--this.rankBars[rank]! === 0) this.ranksUp--;
      // The bar falls: every screw it covered is one bar shallower.
      for (let k = lv.coveredStart[b]!; k < lv.coveredStart[b + 1]!; k++) {
        const t = lv.coveredList[k]!;
        const d = --this.depth[t]!;
        if (this.present[t] === 1) {
          const tc = lv.screwColor[t]!;
          if (d === 1) {
            this.top[tc]!++;
            this.deepCount--;
          } else if (d === 0) this.free[tc]!++;
        }
      }
    }
    if (dest === 2) {
      this.tray[c]!++;
      this.trayTotal++;
    } else if (++this.boxFill[dest]! === 3) {
      this.finishBox(dest);
      this.refill(spawner);
    }
    if (this.trayTotal > this.maxTray) this.maxTray = this.trayTotal;
    this.traySum += this.trayTotal;
    if (this.records) {
      for (let k = 0; k < this.boxSlots; k++) {
        const r = this.boxRec[k]!;
        if (r >= 0) {
          const rec = this.records[r]!;
          if (this.trayTotal > rec.maxTray) rec.maxTray = this.trayTotal;
        }
      }
    }
    if (this.boardLeft === 0 && this.trayTotal === 0) this.status = WON;
    return this.status;
  }

  /** The engine snapshot of this state (what an engine would send to {@link rateSnapshot}). */
  snapshot(): Snapshot {
    const lv = this.lv;
    const screws: SnapshotScrew[] = [];
    for (let s = 0; s < lv.nScrews; s++) {
      if (this.present[s] === 1)
        screws.push({
          color: lv.colors[lv.screwColor[s]!]!,
          depth: this.depth[s]!,
          layer: lv.barLayer[lv.screwBar[s]!]!,
        });
    }
    const tray: string[] = [];
    for (let c = 0; c < this.tray.length; c++)
      for (let k = 0; k < this.tray[c]!; k++) tray.push(lv.colors[c]!);
    const cb = this.boxColor[0]!;
    return {
      maxPerColor: lv.maxPerColor,
      screws,
      tray,
      currentBox: cb >= 0 ? { color: lv.colors[cb]!, filled: this.boxFill[0]! } : null,
    };
  }
}
