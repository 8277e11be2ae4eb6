import { BOX, WALL, directionOffsets, type Level } from '../model.js';
import { MoveBuffer, PUSH_CODES, WALK_CODES, Walker, type WalkOutOptions } from '../play.js';
import { MAX_LURD_MOVES } from '../format/lurd.js';
import { PathTree } from './path-tree.js';

/**
 * The LURD answer of a b/e scramble, written in time proportional to its length. Between two moves
 * every box rests on a slot, the player stands on a crossing (a cell with odd x and y), and the free
 * slots join the crossings in a tree (e) or a tree plus one cycle around the rim (b, whose rim slots
 * are never filled). So the player's shortest walk is the tree path — or, in b, the way round the
 * rim when that is shorter — kept in a {@link PathTree} that each move updates with one cut and one
 * link, instead of a breadth-first search over the board. When the two ways are equally long, or the
 * answer does not have this shape, it falls back to the search: the text is the same as
 * {@link pushesToLurd}'s in every case. Returns null when the push list is not made of whole moves.
 */
export function walkOutLineMoves(
  level: Level,
  list: Int32Array,
  options: WalkOutOptions = {},
): string | null {
  const { width, height } = level;
  if (width % 2 === 0 || height % 2 === 0 || list.length % 2 !== 0) return null;
  const cells = level.cells.slice();
  const off = directionOffsets(width);
  const across = (width - 1) / 2;
  const crossing = (c: number): number => {
    const x = c % width;
    const y = (c - x) / width;
    return x % 2 === 1 && y % 2 === 1 ? ((y - 1) / 2) * across + (x - 1) / 2 : -1;
  };
  const count = across * ((height - 1) / 2);
  const tree = new PathTree(count);
  let extraA = -1;
  let extraB = -1;
  const open = (a: number, b: number): boolean => {
    if (!tree.connected(a, b)) tree.link(a, b);
    else if (extraA < 0) {
      extraA = a;
      extraB = b;
    } else return false;
    return true;
  };
  const close = (a: number, b: number): void => {
    if ((extraA === a && extraB === b) || (extraA === b && extraB === a)) extraA = extraB = -1;
    else tree.cut(a, b);
  };
  const free = (c: number): boolean => !(cells[c]! & (WALL | BOX));
  // the free slots between crossings
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1; x < width - 1; x += 2) {
      const c = y * width + x;
      if (x + 2 < width - 1 && free(c + 1) && !open(crossing(c), crossing(c + 2))) return null;
      if (y + 2 < height - 1 && free(c + width) && !open(crossing(c), crossing(c + 2 * width)))
        return null;
    }
  }
  if (crossing(level.player) < 0) return null;
  const out = new MoveBuffer(options.maxMoves ?? MAX_LURD_MOVES);
  const walker = new Walker(width, level.height);
  const route = new Int32Array(count);
  const writeRoute = (n: number, from: number): void => {
    const bytes = out.reserve(2 * n);
    let prev = from;
    for (let i = 0; i < n; i++) {
      const next = route[i]!;
      const delta = next - prev;
      const d = delta === -across ? 0 : delta === 1 ? 1 : delta === across ? 2 : 3;
      bytes[out.length++] = WALK_CODES[d]!;
      bytes[out.length++] = WALK_CODES[d]!;
      prev = next;
    }
  };
  /** Appends the shortest walk between two crossings; false when only the search can tell. */
  const walk = (u: number, t: number): boolean => {
    if (u === t) return true;
    let uA = 0;
    let tA = 0;
    let uB = 0;
    let tB = 0;
    if (extraA >= 0) {
      // the two ways round the extra edge: two roots, four depths
      tree.root(extraA);
      uA = tree.depth(u);
      tA = tree.depth(t);
      tree.root(extraB);
      uB = tree.depth(u);
      tB = tree.depth(t);
    }
    // the tree path (its length is d0)
    const n = tree.path(u, t, route);
    let via = -1; // the extra edge's end the walk leaves the tree by, or -1 for the tree path
    if (extraA >= 0) {
      const d0 = n - 1;
      const d1 = uA + 1 + tB;
      const d2 = uB + 1 + tA;
      const best = Math.min(d0, d1, d2);
      if ((d0 === best ? 1 : 0) + (d1 === best ? 1 : 0) + (d2 === best ? 1 : 0) > 1) return false;
      via = d0 === best ? -1 : d1 === best ? extraA : extraB;
    }
    if (via < 0) {
      route.copyWithin(0, 1, n);
      writeRoute(n - 1, u);
      return true;
    }
    const other = via === extraA ? extraB : extraA;
    let k = tree.path(u, via, route);
    route.copyWithin(0, 1, k);
    writeRoute(k - 1, u);
    route[0] = other;
    writeRoute(1, via);
    k = tree.path(other, t, route);
    route.copyWithin(0, 1, k);
    writeRoute(k - 1, other);
    return true;
  };
  let p = level.player;
  const every = Math.max(2, 2 * Math.floor(5_000_000 / cells.length));
  for (let i = 0; i < list.length; i += 2) {
    if (options.onProgress && i % every === 0) options.onProgress(i, list.length, out.length);
    const box = list[i]! >> 2;
    const d = list[i]! & 3;
    const o = off[d]!;
    const behind = box - o;
    const j = box + o;
    const target = j + o;
    if (list[i + 1] !== j * 4 + d || !(cells[box]! & BOX) || !free(j) || !free(target)) return null;
    const u = crossing(p);
    const t = crossing(behind);
    const a = crossing(j);
    if (u < 0 || t < 0 || a < 0 || crossing(target + o) < 0) return null;
    if (!walk(u, t) && !walker.walk(cells, p, behind, out)) return null;
    const bytes = out.reserve(2);
    bytes[out.length++] = PUSH_CODES[d]!;
    bytes[out.length++] = PUSH_CODES[d]!;
    // the slot the box leaves joins its two crossings; the slot it enters parts its two. The
    // scramble only makes moves that keep a tree (e) or a tree and the rim cycle (b, whose extra
    // edge is a rim slot and never closes), so the cut parts t from a and the link rejoins them.
    close(a, crossing(target + o));
    tree.link(t, a);
    cells[box] = cells[box]! & ~BOX;
    cells[target] = cells[target]! | BOX;
    p = j;
  }
  return out.text();
}
