/**
 * A resumable search (a part of the fast mode's portfolio): it pauses (yields) after the
 * `pauseEvery` nodes it was made with, then after as many nodes as each `next(n)` asks for (the same
 * again when `next()` names none), and returns its outcome. Work alone decides where it pauses, so
 * interleaved runs give the same answer on any machine.
 */
export type ResumableRun<T> = Generator<void, T, number | undefined>;

/** Runs a resumable search without pausing and returns its outcome. */
export function runToEnd<T>(run: ResumableRun<T>): T {
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
  }
}
