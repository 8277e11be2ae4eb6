// Face-aware listing of every playable pair, used by the solver, random play and the public API.
import { adjacent, linkSets, type Engine } from '../engine.js';

/** A reusable pair lister for one engine: preallocated buffers, no allocation per call. */
export interface PairLister {
  /** Lists playable pairs (segments must be current); returns the count. */
  list(faceOf: Int32Array): number;
  /** Padded cells of pair k are `a[k]`, `b[k]`. */
  readonly a: Int32Array;
  readonly b: Int32Array;
}

export function createLister(e: Engine, maxFace: number): PairLister {
  const { size, grid } = e;
  const stride = e.pw + e.ph + 8;
  const hv = new Int32Array(size * stride);
  const vh = new Int32Array(size * stride);
  const nhv = new Int32Array(size);
  const nvh = new Int32Array(size);
  const count = new Int32Array(maxFace + 2);
  const start = new Int32Array(maxFace + 2);
  const byFace = new Int32Array(size);
  const outA = new Int32Array(size * 8);
  const outB = new Int32Array(size * 8);
  let capA = outA;
  let capB = outB;
  const lister = {
    a: outA,
    b: outB,
    list(faceOf: Int32Array): number {
      count.fill(0);
      for (let i = 0; i < size; i++) {
        const v = grid[i]!;
        if (v > 0) count[faceOf[v - 1]!]!++;
      }
      let acc = 0;
      for (let f = 0; f <= maxFace; f++) {
        start[f] = acc;
        acc += count[f]!;
      }
      start[maxFace + 1] = acc;
      const fill = start.slice();
      for (let i = 0; i < size; i++) {
        const v = grid[i]!;
        if (v > 0) byFace[fill[faceOf[v - 1]!]!++] = i;
      }
      let n = 0;
      const { markA, markB } = e;
      for (let f = 0; f <= maxFace; f++) {
        const lo = start[f]!;
        const hi = lo + count[f]!;
        if (hi - lo < 2) continue;
        for (let k = lo; k < hi; k++) {
          const [x, y] = linkSets(e, byFace[k]!, hv, k * stride, vh, k * stride);
          nhv[k] = x;
          nvh[k] = y;
        }
        for (let i = lo; i < hi; i++) {
          const ci = byFace[i]!;
          const s = ++e.stamp;
          const oi = i * stride;
          for (let t = 0; t < nhv[i]!; t++) markA[hv[oi + t]!] = s;
          for (let t = 0; t < nvh[i]!; t++) markB[vh[oi + t]!] = s;
          for (let j = i + 1; j < hi; j++) {
            const cj = byFace[j]!;
            let ok = adjacent(e, ci, cj);
            const oj = j * stride;
            for (let t = 0; !ok && t < nhv[j]!; t++) if (markA[hv[oj + t]!] === s) ok = true;
            for (let t = 0; !ok && t < nvh[j]!; t++) if (markB[vh[oj + t]!] === s) ok = true;
            if (ok) {
              if (n >= capA.length) {
                const na = new Int32Array(capA.length * 2);
                const nb = new Int32Array(capB.length * 2);
                na.set(capA);
                nb.set(capB);
                capA = na;
                capB = nb;
                lister.a = na;
                lister.b = nb;
              }
              capA[n] = ci;
              capB[n++] = cj;
            }
          }
        }
      }
      return n;
    },
  };
  return lister;
}
