/**
 * The one reachability flood of the package: which rooms the hero reaches from the start room through
 * the gates that are open, and which gates touch what he reaches. The floor graph prunes with it (every
 * gate open), the exact searches expand their states with it (the gates of a set fought or opened), and
 * the order check replays with it.
 *
 * Rooms join only through gates; a gate touches rooms and, in monster clusters, other gates. An open
 * gate is passed through (to its rooms and to the gates it touches); a closed gate that touches the
 * reached area is a frontier gate: the next fights to choose from.
 */

/** Rooms and gates as adjacency lists (a floor's live part, or any gate problem). */
export interface RoomGateGraph {
  /** The room the hero starts in. */
  readonly start: number;
  /** Per room: the gates touching it. */
  readonly regionGates: readonly ArrayLike<number>[];
  /** Per gate: the rooms it touches. */
  readonly gateRegions: readonly ArrayLike<number>[];
  /** Per gate: the gates it touches (symmetric; empty without monster clusters). */
  readonly gateGates: readonly ArrayLike<number>[];
}

/**
 * A reusable flood over one {@link RoomGateGraph}: its scratch arrays are allocated once and marked
 * with a fresh stamp per flood (nothing is cleared), so a search floods once per state without
 * allocating. After a flood, `regions[0 … regionCount)` lists the rooms reached; {@link reached} and
 * {@link touched} answer per room and gate (a gate is touched when it touches the reached area or is
 * passed: open gates reached included).
 */
export class RoomGateReach {
  readonly regions: Int32Array;
  regionCount = 0;
  /** Touched gates below 31 as a bit mask (the searches' masks). */
  private touchMask = 0;
  private stamp = 0;
  private readonly regionMark: Int32Array;
  private readonly gateMark: Int32Array;
  private readonly enteredMark: Int32Array;
  private readonly gateStack: Int32Array;
  private readonly allOpen: Uint8Array;

  constructor(readonly graph: RoomGateGraph) {
    const rooms = graph.regionGates.length;
    const gates = graph.gateRegions.length;
    this.regions = new Int32Array(rooms);
    this.regionMark = new Int32Array(rooms);
    this.gateMark = new Int32Array(gates);
    this.enteredMark = new Int32Array(gates);
    this.gateStack = new Int32Array(gates);
    this.allOpen = new Uint8Array(gates).fill(1);
  }

  /** Floods from the start room through the gates with `open[k] === 1`. */
  flood(open: ArrayLike<number>): this {
    return this.run(open, 0);
  }

  /** Floods through the gates of a bit mask (gate k open when bit k is set; at most 31 gates). */
  floodMask(mask: number): this {
    return this.run(null, mask);
  }

  /** Floods with every gate open: all that can ever be reached. */
  floodAll(): this {
    return this.run(this.allOpen, 0);
  }

  /** The one flood: open gates from `open`, or from the bits of `mask` when `open` is null. */
  private run(open: ArrayLike<number> | null, mask: number): this {
    const { regionGates, gateRegions, gateGates, start } = this.graph;
    const { regions, regionMark, gateMark, enteredMark, gateStack } = this;
    const stamp = ++this.stamp;
    // `regions` doubles as the room stack: rooms are appended when first seen and expanded in turn.
    let count = 0;
    let expanded = 0;
    let gtop = 0;
    let touchMask = 0;
    regions[count++] = start;
    regionMark[start] = stamp;
    while (expanded < count || gtop > 0) {
      // Touch the gates of the next room, or else pass through the next open gate.
      const fromRoom = expanded < count;
      const near = fromRoom ? regionGates[regions[expanded++]!]! : gateGates[gateStack[gtop - 1]!]!;
      if (!fromRoom) {
        const rooms = gateRegions[gateStack[--gtop]!]!;
        for (let j = 0; j < rooms.length; j++) {
          const x = rooms[j]!;
          if (regionMark[x] !== stamp) {
            regionMark[x] = stamp;
            regions[count++] = x;
          }
        }
      }
      for (let j = 0; j < near.length; j++) {
        const k = near[j]!;
        gateMark[k] = stamp;
        if (k < 31) touchMask |= 1 << k;
        const isOpen = open === null ? ((mask >>> k) & 1) === 1 : open[k] === 1;
        if (isOpen && enteredMark[k] !== stamp) {
          enteredMark[k] = stamp;
          gateStack[gtop++] = k;
        }
      }
    }
    this.regionCount = count;
    this.touchMask = touchMask;
    return this;
  }

  /** Whether the last flood reached room `r`. */
  reached(r: number): boolean {
    return this.regionMark[r] === this.stamp;
  }

  /** Whether the last flood touched gate `k` (touches the reached area, or was passed). */
  touched(k: number): boolean {
    return this.gateMark[k] === this.stamp;
  }

  /** The sum of `perRoom` over the rooms reached by the last flood (defence gained). */
  sum(perRoom: ArrayLike<number>): number {
    let total = 0;
    for (let j = 0; j < this.regionCount; j++) total += perRoom[this.regions[j]!] ?? 0;
    return total;
  }

  /** Gates that touch the reached area and are not in `mask`, as a bit mask (at most 31 gates). */
  frontierMask(mask: number): number {
    return this.touchMask & ~mask;
  }

  /** The rooms reached by the last flood as a bit mask (at most 31 rooms). */
  regionMask(): number {
    let out = 0;
    for (let j = 0; j < this.regionCount; j++) out |= 1 << this.regions[j]!;
    return out;
  }
}
