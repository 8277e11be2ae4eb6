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
 * A reusable flood over one {@link RoomGateGraph}: its scratch arrays are allocated once, so a search
 * calls {@link flood} once per state without allocating. After a flood, `regions[0 … regionCount)` lists
 * the rooms reached, `regionSeen[r]` is 1 for each, and `gateTouched[k]` is 1 for every gate that touches
 * the reached area or is passed (open gates reached included).
 */
export class RoomGateReach {
  readonly regionSeen: Uint8Array;
  readonly gateTouched: Uint8Array;
  readonly regions: Int32Array;
  regionCount = 0;
  private readonly gateEntered: Uint8Array;
  private readonly gateStack: Int32Array;
  private readonly openMask: Uint8Array;

  constructor(readonly graph: RoomGateGraph) {
    const rooms = graph.regionGates.length;
    const gates = graph.gateRegions.length;
    this.regionSeen = new Uint8Array(rooms);
    this.regions = new Int32Array(rooms);
    this.gateTouched = new Uint8Array(gates);
    this.gateEntered = new Uint8Array(gates);
    this.gateStack = new Int32Array(gates);
    this.openMask = new Uint8Array(gates);
  }

  /** Floods from the start room through the gates with `open[k] === 1`. */
  flood(open: ArrayLike<number>): this {
    const { regionGates, gateRegions, gateGates, start } = this.graph;
    const { regionSeen, regions, gateTouched, gateEntered, gateStack } = this;
    regionSeen.fill(0);
    gateTouched.fill(0);
    gateEntered.fill(0);
    // `regions` doubles as the room stack: rooms are appended when first seen and expanded in turn.
    let count = 0;
    let expanded = 0;
    let gtop = 0;
    regions[count++] = start;
    regionSeen[start] = 1;
    while (expanded < count || gtop > 0) {
      // Touch the gates of the next room, or else pass through the next open gate.
      const fromRoom = expanded < count;
      const near = fromRoom ? regionGates[regions[expanded++]!]! : gateGates[gateStack[gtop - 1]!]!;
      if (!fromRoom) {
        const rooms = gateRegions[gateStack[--gtop]!]!;
        for (let j = 0; j < rooms.length; j++) {
          const x = rooms[j]!;
          if (regionSeen[x] === 0) {
            regionSeen[x] = 1;
            regions[count++] = x;
          }
        }
      }
      for (let j = 0; j < near.length; j++) {
        const k = near[j]!;
        gateTouched[k] = 1;
        if (open[k] === 1 && gateEntered[k] === 0) {
          gateEntered[k] = 1;
          gateStack[gtop++] = k;
        }
      }
    }
    this.regionCount = count;
    return this;
  }

  /** Floods through the gates of a bit mask (gate k open when bit k is set; at most 31 gates). */
  floodMask(mask: number): this {
    const open = this.openMask;
    for (let k = 0; k < open.length; k++) open[k] = (mask >>> k) & 1;
    return this.flood(open);
  }

  /** Floods with every gate open: all that can ever be reached. */
  floodAll(): this {
    return this.flood(this.openMask.fill(1));
  }

  /** The sum of `perRoom` over the rooms reached by the last flood (defence gained). */
  sum(perRoom: ArrayLike<number>): number {
    let total = 0;
    for (let j = 0; j < this.regionCount; j++) total += perRoom[this.regions[j]!] ?? 0;
    return total;
  }

  /** Gates that touch the reached area and are not in `mask`, as a bit mask (at most 31 gates). */
  frontierMask(mask: number): number {
    let out = 0;
    const touched = this.gateTouched;
    for (let k = 0; k < touched.length && k < 31; k++) if (touched[k] === 1) out |= 1 << k;
    return out & ~mask;
  }

  /** The rooms reached by the last flood as a bit mask (at most 31 rooms). */
  regionMask(): number {
    let out = 0;
    for (let j = 0; j < this.regionCount; j++) out |= 1 << this.regions[j]!;
    return out;
  }
}
