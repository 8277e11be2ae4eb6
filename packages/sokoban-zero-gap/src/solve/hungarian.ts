/**
 * Minimum-cost assignment of k boxes (rows) to m ≥ k goals (columns; m = k unless given) with
 * cost(row, goal) =
 * `dist[goal * size + cell(row)]`, kept with its duals so that moving one box costs one augmenting
 * path (O(k²)) instead of a full solve (O(k³)). Unreachable pairs cost `big`, larger than any
 * feasible assignment, so a total ≥ `big` means "no assignment".
 */
export class Assignment {
  readonly k: number;
  /** Columns (goals): k unless the constructor was given more (boxes then need not fill every goal). */
  readonly m: number;
  /** Cost of an unreachable pair; a total ≥ this means infeasible. */
  readonly big: number;
  /** Row potentials (1-based; index 0 unused). */
  readonly u: Float64Array;
  /** Column potentials (index 0 is the virtual column; m + 1 entries). */
  readonly v: Float64Array;
  /** p[j] = row matched to column j (1-based, 0 = free). */
  readonly p: Int32Array;
  /** Cell of each row (1-based). */
  readonly rows: Int32Array;
  private readonly way: Int32Array;
  private readonly minv: Float64Array;
  private readonly used: Uint8Array;

  constructor(
    k: number,
    private readonly size: number,
    private readonly dist: Int32Array,
    unreachable: number,
    columns = k,
  ) {
    if (columns < k)
      throw new RangeError(`an assignment needs columns ≥ rows, got ${columns} < ${k}`);
    this.k = k;
    this.m = columns;
    this.unreachable = unreachable;
    let max = 0;
    for (let i = 0; i < dist.length; i++)
      if (dist[i]! < unreachable && dist[i]! > max) max = dist[i]!;
    this.big = (max + 1) * (k + 1);
    const m = columns;
    this.u = new Float64Array(k + 1);
    this.v = new Float64Array(m + 1);
    this.p = new Int32Array(m + 1);
    this.rows = new Int32Array(k + 1);
    this.way = new Int32Array(m + 1);
    this.minv = new Float64Array(m + 1);
    this.used = new Uint8Array(m + 1);
  }

  private readonly unreachable: number;

  private cost(row: number, col: number): number {
    const d = this.dist[(col - 1) * this.size + this.rows[row]!]!;
    return d >= this.unreachable ? this.big : d;
  }

  /**
   * Solves from scratch for the given cells; returns the total cost, or NaN when the clock's
   * deadline (a job's one deadline, checked every 16 rows) passes first: a solve is O(k³).
   */
  solve(cells: ArrayLike<number>, clock?: { timeUp(): boolean }): number {
    const { k, u, v, p, rows } = this;
    for (let i = 0; i < k; i++) rows[i + 1] = cells[i]!;
    u.fill(0);
    v.fill(0);
    p.fill(0);
    for (let i = 1; i <= k; i++) {
      if (clock !== undefined && (i & 15) === 0 && clock.timeUp()) return NaN;
      this.augment(i);
    }
    return this.total();
  }

  /**
   * Moves row `row` (0-based) to `cell` and re-optimises with one augmenting path (with spare
   * columns, by a full solve); returns the total.
   */
  move(row: number, cell: number): number {
    const { m, u, v, p, rows } = this;
    const i0 = row + 1;
    rows[i0] = cell;
    // With spare columns the freed column's potential would break optimality (an unmatched column
    // must keep potential 0), so solve again: such assignments are small (proof sub-searches).
    if (m > this.k) return this.solve(rows.subarray(1));
    for (let j = 1; j <= m; j++) if (p[j] === i0) p[j] = 0;
    // restore dual feasibility of the changed row
    let least = Infinity;
    for (let j = 1; j <= m; j++) {
      const r = this.cost(i0, j) - v[j]!;
      if (r < least) least = r;
    }
    u[i0] = least;
    this.augment(i0);
    return this.total();
  }

  /** Copies another assignment's state (same k and m). */
  copyFrom(o: Assignment): void {
    this.u.set(o.u);
    this.v.set(o.v);
    this.p.set(o.p);
    this.rows.set(o.rows);
  }

  private total(): number {
    let t = 0;
    for (let j = 1; j <= this.m; j++) if (this.p[j]! !== 0) t += this.cost(this.p[j]!, j);
    return t;
  }

  // One phase of the O(k³) Hungarian algorithm (e-maxx form): inserts row i along a shortest
  // augmenting path, keeping the potentials feasible.
  private augment(i: number): void {
    const { m, u, v, p, way, minv, used } = this;
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      const base = this.rows[i0]!;
      const ui = u[i0]!;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const raw = this.dist[(j - 1) * this.size + base]!;
        const cur = (raw >= this.unreachable ? this.big : raw) - ui - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0);
  }
}
