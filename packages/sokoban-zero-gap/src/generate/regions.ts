import { BOX, WALL, directionOffsets } from '../model.js';

/**
 * Connected components of the free cells (no wall, no box), kept up to date as boxes move one cell at a
 * time. A box entering a cell may split a component: the pieces are found by searching from the cell's
 * free neighbours in turn-taking lockstep, so the cost is that of the smaller pieces. A box leaving a
 * cell merges the components around it, relabelling the smaller ones.
 */
export class Regions {
  readonly comp: Int32Array;
  private size: Int32Array;
  private labels = 0;
  private readonly mark: Int32Array;
  private epoch = 0;
  private readonly queues: Int32Array[];
  private readonly off: Int32Array;

  constructor(
    private readonly cells: Uint8Array,
    width: number,
  ) {
    const n = cells.length;
    this.comp = new Int32Array(n).fill(-1);
    this.size = new Int32Array(64);
    this.mark = new Int32Array(n);
    this.queues = [new Int32Array(n), new Int32Array(n), new Int32Array(n), new Int32Array(n)];
    this.off = directionOffsets(width);
    for (let c = 0; c < n; c++) {
      if (this.comp[c] === -1 && !(cells[c]! & (WALL | BOX))) this.flood(c, this.newLabel());
    }
  }

  private newLabel(): number {
    if (this.labels >= this.size.length) {
      const s = new Int32Array(this.size.length * 2);
      s.set(this.size);
      this.size = s;
    }
    this.size[this.labels] = 0;
    return this.labels++;
  }

  private flood(start: number, label: number): void {
    const q = this.queues[0]!;
    const { comp, cells, off } = this;
    const from = start >= 0 ? comp[start]! : -1;
    let head = 0;
    let tail = 0;
    q[tail++] = start;
    comp[start] = label;
    while (head < tail) {
      const c = q[head++]!;
      for (let d = 0; d < 4; d++) {
        const t = c + off[d]!;
        const ct = comp[t]!;
        if (ct !== label && (ct === from || ct === -1) && !(cells[t]! & (WALL | BOX))) {
          comp[t] = label;
          q[tail++] = t;
        }
      }
    }
    if (from >= 0 && from !== label) this.size[from] = this.size[from]! - tail;
    this.size[label] = this.size[label]! + tail;
  }

  /** Number of cells in the component labelled `label`. */
  sizeOf(label: number): number {
    return this.size[label]!;
  }

  /** Call after `cells[cell]` became occupied (it was free). */
  occupy(cell: number): void {
    const { comp, cells, off, mark, queues } = this;
    const k = comp[cell]!;
    comp[cell] = -1;
    this.size[k] = this.size[k]! - 1;
    const starts: number[] = [];
    for (let d = 0; d < 4; d++) {
      const t = cell + off[d]!;
      if (comp[t] === k && !(cells[t]! & (WALL | BOX))) starts.push(t);
    }
    if (starts.length < 2) return;
    // Lockstep searches; group[i] joins searches that met.
    const m = starts.length;
    const base = this.epoch + 1;
    this.epoch += m;
    const group = [0, 1, 2, 3].slice(0, m);
    const find = (i: number): number => {
      while (group[i] !== i) i = group[i]!;
      return i;
    };
    const head = [0, 0, 0, 0];
    const tail = [0, 0, 0, 0];
    for (let i = 0; i < m; i++) {
      queues[i]![tail[i]!++] = starts[i]!;
      mark[starts[i]!] = base + i;
    }
    const groupDone = (g: number): boolean => {
      for (let i = 0; i < m; i++) if (find(i) === g && head[i]! < tail[i]!) return false;
      return true;
    };
    let openRep: number;
    for (;;) {
      let openCount = 0;
      openRep = -1;
      for (let g = 0; g < m; g++) {
        if (find(g) === g && !groupDone(g)) {
          openCount++;
          openRep = g;
        }
      }
      if (openCount <= 1) break;
      for (let i = 0; i < m; i++) {
        if (head[i]! >= tail[i]!) continue;
        const q = queues[i]!;
        const c = q[head[i]!++]!;
        for (let d = 0; d < 4; d++) {
          const t = c + off[d]!;
          if (comp[t] !== k || cells[t]! & (WALL | BOX)) continue;
          const mk = mark[t]!;
          if (mk >= base && mk < base + m) {
            const a = find(i);
            const b = find(mk - base);
            if (a !== b) group[Math.max(a, b)] = Math.min(a, b);
            continue;
          }
          mark[t] = base + i;
          q[tail[i]!++] = t;
        }
      }
    }
    // Finished groups are separate pieces: all but one (the open one, else the last) get new labels.
    let keep = openRep;
    if (keep < 0) for (let g = 0; g < m; g++) if (find(g) === g) keep = g;
    for (let g = 0; g < m; g++) {
      if (find(g) !== g || g === keep) continue;
      const label = this.newLabel();
      let count = 0;
      for (let i = 0; i < m; i++) {
        if (find(i) !== g) continue;
        const q = queues[i]!;
        for (let h = 0; h < tail[i]!; h++) {
          comp[q[h]!] = label;
          count++;
        }
      }
      this.size[label] = count;
      this.size[k] -= count;
    }
  }

  /** Call after `cells[cell]` became free (it held a box); `near` is a free neighbour to join first. */
  free(cell: number): void {
    const { comp, cells, off } = this;
    let best = -1;
    for (let d = 0; d < 4; d++) {
      const t = cell + off[d]!;
      const ct = comp[t]!;
      if (ct >= 0 && !(cells[t]! & (WALL | BOX)) && (best < 0 || this.size[ct]! > this.size[best]!))
        best = ct;
    }
    if (best < 0) {
      const label = this.newLabel();
      comp[cell] = label;
      this.size[label] = 1;
      return;
    }
    comp[cell] = best;
    this.size[best] = this.size[best]! + 1;
    for (let d = 0; d < 4; d++) {
      const t = cell + off[d]!;
      const ct = comp[t]!;
      if (ct >= 0 && ct !== best && !(cells[t]! & (WALL | BOX))) this.flood(t, best);
    }
  }
}
