// tooling/vitest's index.js ships no types of its own (its `./readme` export does): the one constant
// the browser tests read from it, typed here.
declare module '@puzzlekit/vitest-config' {
  /** Per-test and per-hook timeout of every suite, in milliseconds. */
  export const TEST_TIMEOUT_MS: number;
}
