import { InvalidInputError, parseJson } from '@puzzlekit/errors';
import { hornOrder, orderObjective } from './horn.js';

/** One node of an abstract blue-gem tree: fight a group with saving `a`, then take gems worth `g`. */
export interface TreeNode {
  readonly id: number;
  /** −1 for the root. */
  readonly parent: number;
  /** Defence saving of the node's monsters (damage saved per defence point). */
  readonly a: number;
  /** Defence its gems give. */
  readonly g: number;
}

/** The abstract input: `{"nodes":[{"id":0,"parent":-1,"a":47,"g":41},…]}`. */
export interface TreeInput {
  readonly nodes: readonly TreeNode[];
}

/** The best order of an abstract tree. */
export interface TreeSolution {
  /** Node ids, root first. */
  readonly order: readonly number[];
  /** `Σ a_u·g_v` over all pairs with `u` fought before `v` (the defence savings lost; minimised). */
  readonly objective: number;
  /** Always true: Horn's algorithm is exact on trees. */
  readonly optimal: true;
}

const LIMIT = 2 ** 53;

/**
 * Checks an abstract tree (plain data already parsed): ids unique integers, one root with parent −1,
 * every other parent an existing id, no cycles, `a` and `g` non-negative safe integers with
 * `Σa × Σg < 2^53` so the objective and every comparison are exact.
 *
 * @throws InvalidInputError with the JSON path of the offending value.
 */
export function checkTree(input: unknown): TreeInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new InvalidInputError('expected an object with a "nodes" array', { path: '$' });
  const nodes = (input as { nodes?: unknown }).nodes;
  if (!Array.isArray(nodes))
    throw new InvalidInputError('"nodes" must be an array', { path: '$.nodes' });
  if (nodes.length === 0) throw new InvalidInputError('"nodes" is empty', { path: '$.nodes' });
  const out: TreeNode[] = [];
  const ids = new Map<number, number>();
  let sumA = 0;
  let sumG = 0;
  nodes.forEach((raw: unknown, k) => {
    const path = `$.nodes[${k}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new InvalidInputError('each node must be an object {id, parent, a, g}', { path });
    const o = raw as Record<string, unknown>;
    const field = (name: string, min: number): number => {
      const v = o[name];
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min)
        throw new InvalidInputError(
          `"${name}" must be an integer ≥ ${min}, got ${JSON.stringify(v)}`,
          {
            path: `${path}.${name}`,
          },
        );
      return v;
    };
    const id = field('id', 0);
    const parent = field('parent', -1);
    const a = field('a', 0);
    const g = field('g', 0);
    if (ids.has(id)) throw new InvalidInputError(`duplicate id ${id}`, { path: `${path}.id` });
    ids.set(id, k);
    sumA += a;
    sumG += g;
    out.push({ id, parent, a, g });
  });
  if (sumA * sumG >= LIMIT)
    throw new InvalidInputError('Σa × Σg must stay below 2^53 so that the objective is exact', {
      path: '$.nodes',
    });
  let roots = 0;
  out.forEach((node, k) => {
    if (node.parent === -1) {
      roots++;
      if (roots > 1)
        throw new InvalidInputError('more than one root (parent −1)', {
          path: `$.nodes[${k}].parent`,
        });
    } else if (!ids.has(node.parent))
      throw new InvalidInputError(`parent ${node.parent} is not a node id`, {
        path: `$.nodes[${k}].parent`,
      });
    else if (node.parent === node.id)
      throw new InvalidInputError('a node cannot be its own parent', {
        path: `$.nodes[${k}].parent`,
      });
  });
  if (roots === 0)
    throw new InvalidInputError('no root (a node with parent −1)', { path: '$.nodes' });
  // Cycle check: every node must reach the root by parent links.
  const state = new Uint8Array(out.length); // 0 unknown, 1 on the current walk, 2 reaches the root
  out.forEach((_, start) => {
    const walk: number[] = [];
    let k = start;
    while (state[k] === 0) {
      state[k] = 1;
      walk.push(k);
      const parent = out[k]?.parent ?? -1;
      if (parent === -1) break;
      k = ids.get(parent) ?? 0;
      if (state[k] === 1)
        throw new InvalidInputError(`node ${out[k]?.id ?? k} is on a cycle of parent links`, {
          path: `$.nodes[${k}].parent`,
        });
    }
    for (const v of walk) state[v] = 2;
  });
  return { nodes: out };
}

/**
 * Parses the abstract tree JSON text.
 *
 * @throws ParseError (with line and column) for malformed JSON, InvalidInputError (with a JSON path)
 *   for a well-formed but invalid tree.
 */
export function parseTree(text: string, source = 'tree.json'): TreeInput {
  return checkTree(parseJson(text, source));
}

/**
 * The order of an abstract tree minimising `Σ a_u·g_v` over pairs with `u` fought before `v` (the
 * root first; a node after its parent), by Horn's algorithm. Exact, O(n log n).
 */
export function solveTree(input: TreeInput): TreeSolution {
  const tree = checkTree(input);
  const n = tree.nodes.length;
  const index = new Map<number, number>();
  tree.nodes.forEach((node, k) => index.set(node.id, k));
  const parent = new Int32Array(n);
  const p = new Float64Array(n);
  const w = new Float64Array(n);
  tree.nodes.forEach((node, k) => {
    parent[k] = node.parent === -1 ? -1 : (index.get(node.parent) ?? -1);
    p[k] = node.a;
    w[k] = node.g;
  });
  const order = hornOrder({ parent, p, w });
  return {
    order: Array.from(order, (k) => tree.nodes[k]?.id ?? k),
    objective: orderObjective(order, p, w),
    optimal: true,
  };
}
