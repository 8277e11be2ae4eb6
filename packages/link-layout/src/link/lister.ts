// Face-aware listing of every playable pair, used by the solver, random play and the public API.
//
// Per tile, `linkSets` scans its straight rays once and records the runs of empty cells a path could
// turn into. Two equal tiles link exactly when they are adjacent or share a run in one of those
// sets. For a face with few tiles (≤ 8) the sets of each pair are intersected directly; for more,
// tiles are bucketed by run, so the cost is the size of the sets plus the number of (tile, run)
// coincidences — output-sensitive, with no test per pair of tiles.
import { linkSets, type Engine } from '../engine.js';

/** A reusable pair lister for one engine: buffers grow as needed and are kept between calls. */
export interface PairLister {
  /** Lists playable pairs (segments must be current); returns the count. */
  list(faceOf: Int32Array): number;
  /** Padded cells of pair k are `a[k]`, `b[k]`. */
  readonly a: Int32Array;
  readonly b: Int32Array;
}

function grow(arr: Int32Array, need: number): Int32Array {
  if (need <= arr.length) return arr;
  const next = new Int32Array(Math.max(need, arr.length * 2));
  next.set(arr);
  return next;
}

export function createLister(e: Engine, maxFace: number): PairLister {
  const { size, grid, pw } = e;
  const stride = e.pw + e.ph + 8;
  let hv: Int32Array = new Int32Array(64 * stride);
  let vh: Int32Array = new Int32Array(64 * stride);
  const nsets = new Int32Array(2 * size);
  const count = new Int32Array(maxFace + 2);
  const open = new Int32Array(maxFace + 2);
  const keptCell = new Int32Array(size);
  const start = new Int32Array(maxFace + 2);
  const fill = new Int32Array(maxFace + 2);
  const byFace = new Int32Array(size);
  const localOf = new Int32Array(size);
  // Buckets: for each run id, a linked list of the local tiles whose set holds it.
  const headV = new Int32Array(size);
  const headH = new Int32Array(size);
  const stampV = new Int32Array(size);
  const stampH = new Int32Array(size);
  let nodeTile: Int32Array = new Int32Array(64 * stride);
  let nodeNext: Int32Array = new Int32Array(64 * stride);
  const seen = new Int32Array(size);
  let stamp = 0;
  const bump = (): number => {
    if (stamp >= 0x7ffffff0) {
      stamp = 0;
      stampV.fill(0);
      stampH.fill(0);
      seen.fill(0);
    }
    return ++stamp;
  };
  const lister = {
    a: new Int32Array(256) as Int32Array,
    b: new Int32Array(256) as Int32Array,
    list(faceOf: Int32Array): number {
      // One pass over the board: every tile's face is counted (the method per face is chosen by
      // the face's full count), and only tiles that can be in a pair are kept — those with an
      // empty neighbour (a path can leave) or an equal neighbour. On a dense board most tiles are
      // buried, and skipping them halves the work; the pairs and their order are unchanged (a
      // buried tile has empty run sets and no pair). The kept tiles are then grouped by face in
      // cell order (a counting sort over the kept tiles only, not a second pass over the board).
      count.fill(0);
      open.fill(0);
      let kept = 0;
      for (let i = 0; i < size; i++) {
        const v = grid[i]!;
        if (v <= 0) continue;
        const f = faceOf[v - 1]!;
        count[f]!++;
        const up = grid[i - pw]!;
        const right = grid[i + 1]!;
        const down = grid[i + pw]!;
        const left = grid[i - 1]!;
        if (
          up === 0 ||
          right === 0 ||
          down === 0 ||
          left === 0 ||
          (up > 0 && faceOf[up - 1] === f) ||
          (right > 0 && faceOf[right - 1] === f) ||
          (down > 0 && faceOf[down - 1] === f) ||
          (left > 0 && faceOf[left - 1] === f)
        ) {
          keptCell[kept++] = i;
          open[f]!++;
        }
      }
      let acc = 0;
      for (let f = 0; f <= maxFace; f++) {
        start[f] = acc;
        acc += open[f]!;
      }
      fill.set(start);
      for (let t = 0; t < kept; t++) {
        const i = keptCell[t]!;
        byFace[fill[faceOf[grid[i]! - 1]!]!++] = i;
      }
      let n = 0;
      const emit = (x: number, y: number): void => {
        if (n >= lister.a.length) {
          lister.a = grow(lister.a, n + 1);
          lister.b = grow(lister.b, n + 1);
        }
        lister.a[n] = x;
        lister.b[n++] = y;
      };
      for (let f = 0; f <= maxFace; f++) {
        const lo = start[f]!;
        // Open tiles of the face; the method is chosen by the face's full count, as before.
        const k = fill[f]! - lo;
        if (k < 2) continue;
        hv = grow(hv, k * stride);
        vh = grow(vh, k * stride);
        nodeTile = grow(nodeTile, 2 * k * stride);
        nodeNext = grow(nodeNext, 2 * k * stride);
        if (count[f]! <= 8) {
          // Few copies: test each pair of the group by intersecting the two small run sets.
          for (let i = 0; i < k; i++)
            linkSets(e, byFace[lo + i]!, hv, i * stride, vh, i * stride, nsets, 2 * i);
          for (let i = 0; i < k; i++) {
            const ci = byFace[lo + i]!;
            const s = bump();
            const oi = i * stride;
            for (let t = 0; t < nsets[2 * i]!; t++) stampV[hv[oi + t]!] = s;
            for (let t = 0; t < nsets[2 * i + 1]!; t++) stampH[vh[oi + t]!] = s;
            for (let j = i + 1; j < k; j++) {
              const cj = byFace[lo + j]!;
              const d = cj - ci;
              let ok =
                d === pw ||
                d === -pw ||
                ((d === 1 || d === -1) && Math.floor(ci / pw) === Math.floor(cj / pw));
              const oj = j * stride;
              for (let t = 0; !ok && t < nsets[2 * j]!; t++)
                if (stampV[hv[oj + t]!] === s) ok = true;
              for (let t = 0; !ok && t < nsets[2 * j + 1]!; t++)
                if (stampH[vh[oj + t]!] === s) ok = true;
              if (ok) emit(ci, cj);
            }
          }
          continue;
        }
        // Emits (ci, nb) when nb holds a later tile of this face, stamping it `seen` so the run
        // lookups below do not emit the same pair again.
        const adjacent = (ci: number, nb: number, i: number, s: number): void => {
          const g = grid[nb]!;
          if (
            g > 0 &&
            faceOf[g - 1] === f &&
            localOf[nb]! > i &&
            byFace[lo + localOf[nb]!] === nb
          ) {
            seen[localOf[nb]!] = s;
            emit(ci, nb);
          }
        };
        const sV = bump();
        const sH = bump();
        let nodes = 0;
        for (let i = 0; i < k; i++) {
          const cell = byFace[lo + i]!;
          localOf[cell] = i;
          linkSets(e, cell, hv, i * stride, vh, i * stride, nsets, 2 * i);
          for (let t = 0; t < nsets[2 * i]!; t++) {
            const v = hv[i * stride + t]!;
            if (stampV[v] !== sV) {
              stampV[v] = sV;
              headV[v] = -1;
            }
            nodeTile[nodes] = i;
            nodeNext[nodes] = headV[v]!;
            headV[v] = nodes++;
          }
          for (let t = 0; t < nsets[2 * i + 1]!; t++) {
            const h = vh[i * stride + t]!;
            if (stampH[h] !== sH) {
              stampH[h] = sH;
              headH[h] = -1;
            }
            nodeTile[nodes] = i;
            nodeNext[nodes] = headH[h]!;
            headH[h] = nodes++;
          }
        }
        for (let i = 0; i < k; i++) {
          const ci = byFace[lo + i]!;
          const s = bump();
          // Adjacent equal tiles link directly; each pair is emitted from its earlier tile.
          const col = ci % pw;
          if (col < pw - 1) adjacent(ci, ci + 1, i, s);
          if (ci + pw < size) adjacent(ci, ci + pw, i, s);
          if (col > 0) adjacent(ci, ci - 1, i, s);
          if (ci - pw >= 0) adjacent(ci, ci - pw, i, s);
          for (let t = 0; t < nsets[2 * i]!; t++) {
            for (let m = headV[hv[i * stride + t]!]!; m >= 0; m = nodeNext[m]!) {
              const j = nodeTile[m]!;
              if (j > i && seen[j] !== s) {
                seen[j] = s;
                emit(ci, byFace[lo + j]!);
              }
            }
          }
          for (let t = 0; t < nsets[2 * i + 1]!; t++) {
            for (let m = headH[vh[i * stride + t]!]!; m >= 0; m = nodeNext[m]!) {
              const j = nodeTile[m]!;
              if (j > i && seen[j] !== s) {
                seen[j] = s;
                emit(ci, byFace[lo + j]!);
              }
            }
          }
        }
      }
      return n;
    },
  };
  return lister;
}
