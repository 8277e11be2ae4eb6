// Side-by-side timing of two implementations of the same job (a library routine against the
// hand-written loop it replaces), made to survive a loaded machine: the two run alternately in many
// short rounds, each round is timed in process CPU time (other processes' work does not count), and
// the ratio reported is the median of the per-round ratios.

/** The result of {@link compareCpu}. */
export interface Comparison {
  /** Median CPU microseconds of one call of the reference. */
  readonly referenceUs: number;
  /** Median CPU microseconds of one call of the candidate. */
  readonly candidateUs: number;
  /** Median over rounds of candidate time / reference time (1.1 = the candidate is 10% slower). */
  readonly ratio: number;
}

function cpuUs(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

let sink: unknown;

/** CPU microseconds per call of `fn`, calling it in batches until at least `minUs` passed. */
function timeBatch(fn: () => unknown, minUs: number): number {
  let calls = 0;
  const t0 = cpuUs();
  let t = t0;
  while (t - t0 < minUs) {
    for (let i = 0; i < 16; i++) sink = fn();
    calls += 16;
    t = cpuUs();
  }
  return (t - t0) / calls;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? NaN;
}

/**
 * Times `reference` and `candidate` alternately for `rounds` rounds of at least `roundMs` CPU
 * milliseconds each (after one warm-up round) and returns the median times and ratio.
 */
export function compareCpu(
  reference: () => unknown,
  candidate: () => unknown,
  rounds = 11,
  roundMs = 60,
): Comparison {
  timeBatch(reference, roundMs * 500);
  timeBatch(candidate, roundMs * 500);
  const ref: number[] = [];
  const cand: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // alternate which goes first, so neither always runs on a warmer cache
    const first = r % 2 === 0;
    const a = first ? timeBatch(reference, roundMs * 1000) : 0;
    const b = timeBatch(candidate, roundMs * 1000);
    const a2 = first ? a : timeBatch(reference, roundMs * 1000);
    ref.push(a2);
    cand.push(b);
    ratios.push(b / a2);
  }
  if (sink === Symbol.for('never')) console.log('');
  return { referenceUs: median(ref), candidateUs: median(cand), ratio: median(ratios) };
}
