/**
 * The garden on a padded board for the solver's hot loops: a ring of never-suitable cells around the
 * garden, so that every neighbour is a constant offset away (up, right, down, left) and no step
 * needs a bounds check. Buffers are made once per level and reused by every planting tried.
 */
import { neighbourOffsets } from '@puzzlekit/grid';
import { suits, type FlowerType } from './model.js';

export class PaddedGarden {
  /** Padded index of each garden cell (`padIndex` of @puzzlekit/grid, computed in one pass). */
  readonly pad: Int32Array;
  private readonly offsets: Int32Array;
  /** Per kind, one byte per padded cell: 1 when a flower of that kind may not grow there. */
  private readonly unsuited: Uint8Array[];
  private cur: Int8Array;
  private next: Int8Array;
  private readonly claim: Int8Array;
  private readonly queue: Int32Array;
  private readonly dist: Int32Array;
  /** Per kind, 0 where its seeds may spread when testing reach: target cells of that kind that suit it. */
  private readonly reachMask: Uint8Array[];

  /** `used`: the kinds that can be planted (the others get no masks: nothing of theirs grows). */
  constructor(
    private readonly size: number,
    humidity: readonly number[],
    kinds: readonly FlowerType[],
    targetIdx: Int8Array,
    used: readonly number[],
  ) {
    const w = size + 2;
    const cells = size * size;
    const pad = new Int32Array(cells);
    for (let i = 0; i < cells; i++) pad[i] = i + w + 1 + 2 * Math.floor(i / size);
    this.pad = pad;
    this.offsets = neighbourOffsets(w);
    this.unsuited = [];
    this.reachMask = [];
    for (const k of used) {
      const no = new Uint8Array(w * w).fill(1);
      const open = new Uint8Array(w * w).fill(1);
      for (let i = 0; i < cells; i++) {
        if (!suits(kinds[k]!, humidity[i]!)) continue;
        no[pad[i]!] = 0;
        if (targetIdx[i] === k) open[pad[i]!] = 0;
      }
      this.unsuited[k] = no;
      this.reachMask[k] = open;
    }
    this.cur = new Int8Array(w * w);
    this.next = new Int8Array(w * w);
    this.claim = new Int8Array(w * w);
    this.queue = new Int32Array(w * w);
    this.dist = new Int32Array(w * w);
  }

  /**
   * Plants `planted` (a kind per garden cell, −1 empty), grows it `rounds` rounds by the rules of
   * `growRound` and says whether the result is `targetIdx`. Same result as `growRound` repeated;
   * the order neighbours are visited in does not matter there (a claim by two kinds is void
   * whichever comes first).
   */
  growsInto(planted: Int8Array, rounds: number, targetIdx: Int8Array): boolean {
    const { pad, offsets, unsuited, claim } = this;
    const cells = this.size * this.size;
    let cur = this.cur;
    let next = this.next;
    cur.fill(-1);
    for (let i = 0; i < cells; i++) cur[pad[i]!] = planted[i]!;
    for (let r = 0; r < rounds; r++) {
      claim.fill(-1);
      for (let i = 0; i < cells; i++) {
        const c = pad[i]!;
        const f = cur[c]!;
        if (f < 0) continue;
        const no = unsuited[f]!;
        if (no[c] === 1) continue;
        for (let d = 0; d < 4; d++) {
          const j = c + offsets[d]!;
          if (cur[j]! >= 0 || no[j] === 1) continue;
          const was = claim[j]!;
          claim[j] = was === -1 || was === f ? f : -2;
        }
      }
      next.set(cur);
      for (let i = 0; i < cells; i++) {
        const c = pad[i]!;
        if (claim[c]! >= 0) next[c] = claim[c]!;
      }
      const t = cur;
      cur = next;
      next = t;
    }
    this.cur = cur;
    this.next = next;
    for (let i = 0; i < cells; i++) if (cur[pad[i]!] !== targetIdx[i]) return false;
    return true;
  }

  /**
   * Does every target cell of kind k (`cells`) lie within `rounds` growth steps of a planted seed of
   * k, walking through target cells of k that suit it? A seed on a cell that does not suit it does
   * not spread (it only covers its own cell).
   *
   * A hand-written breadth-first search, not `CellSearch.distances`: it stops expanding at depth
   * `rounds`, which the core search cannot, and on a wide region with few rounds that cut is most of
   * the saving (the core search measured 2.2× slower on a 16×16 open field, 3 rounds; see README).
   */
  allWithin(k: number, cells: readonly number[], planted: Int8Array, rounds: number): boolean {
    const { pad, offsets, queue, dist } = this;
    const open = this.reachMask[k]!;
    dist.fill(-1);
    let tail = 0;
    for (const i of cells) {
      if (planted[i] !== k) continue;
      const c = pad[i]!;
      dist[c] = 0;
      // a seed on a cell that does not suit it covers only its own cell
      if (open[c] === 0) queue[tail++] = c;
    }
    for (let head = 0; head < tail; head++) {
      const c = queue[head]!;
      const nd = dist[c]! + 1;
      if (nd > rounds) break; // the queue is in distance order: nothing later is nearer
      for (let d = 0; d < 4; d++) {
        const t = c + offsets[d]!;
        if (open[t] !== 0 || dist[t] !== -1) continue;
        dist[t] = nd;
        queue[tail++] = t;
      }
    }
    for (const i of cells) if (dist[pad[i]!] === -1) return false;
    return true;
  }
}
