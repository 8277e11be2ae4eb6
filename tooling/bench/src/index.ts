// Tiny helpers shared by every package's `bench/` script: time a function, print a table, and say which
// machine produced the figures (figures without the machine are meaningless).
import os from 'node:os';

/** One line naming the machine: CPU model, cores, memory, Node version. */
export function machineLine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const gib = (os.totalmem() / 2 ** 30).toFixed(0);
  return `${model} · ${cpus.length} cores · ${gib} GiB · Node ${process.version} · ${os.platform()}-${os.arch()}`;
}

export interface Measurement {
  /** Completed calls. */
  readonly iterations: number;
  /** Wall time of all calls, milliseconds. */
  readonly totalMs: number;
  /** Calls per second. */
  readonly perSecond: number;
  /** Median milliseconds of one call (over the timed samples). */
  readonly medianMs: number;
}

/**
 * Runs `fn` repeatedly for at least `minMs` (after a short warm-up) and reports throughput and median
 * call time. `fn` should do one unit of work; its result is kept in a sink so it is not optimised away.
 */
export function measure(fn: () => unknown, minMs = 500, warmupMs = 100): Measurement {
  let sink: unknown;
  const warmEnd = performance.now() + warmupMs;
  while (performance.now() < warmEnd) sink = fn();
  const samples: number[] = [];
  const start = performance.now();
  let now = start;
  while (now - start < minMs || samples.length < 5) {
    const t0 = performance.now();
    sink = fn();
    now = performance.now();
    samples.push(now - t0);
  }
  keep(sink);
  samples.sort((a, b) => a - b);
  const totalMs = now - start;
  return {
    iterations: samples.length,
    totalMs,
    perSecond: (samples.length * 1000) / totalMs,
    medianMs: samples[samples.length >> 1] ?? 0,
  };
}

/** Times one call of `fn` in milliseconds and returns its result too. */
export function timeOnce<T>(fn: () => T): { result: T; ms: number } {
  const t0 = performance.now();
  const result = fn();
  return { result, ms: performance.now() - t0 };
}

let blackhole: unknown;
function keep(value: unknown): void {
  blackhole = value;
  if (blackhole === Symbol.for('never')) console.log('');
}

/** Formats a number with thousands separators and at most `digits` decimals. */
export function fmt(value: number, digits = 2): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** Prints a header with the package name and the machine line. */
export function header(title: string): void {
  console.log(`\n## ${title}`);
  console.log(`machine: ${machineLine()}\n`);
}

/** Prints rows as an aligned plain-text table (Markdown-compatible). */
export function table(rows: readonly (readonly (string | number)[])[]): void {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)));
  const widths: number[] = [];
  for (const r of cells) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  cells.forEach((r, idx) => {
    console.log(`| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`);
    if (idx === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  });
}
export { compareCpu, type Comparison } from './compare.js';
