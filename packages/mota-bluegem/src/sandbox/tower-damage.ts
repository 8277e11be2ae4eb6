import { quoteInput } from '@puzzlekit/errors';
import type { QuickJSContext, QuickJSRuntime } from 'quickjs-emscripten-core';
import type { HeroStats, Project, ProjectFiles } from '../model.js';
import { ENGINE_SURFACE } from './engine-surface.js';

/** Caps on the tower's code in the sandbox. */
export interface SandboxLimits {
  /** Bytes the sandbox may allocate (default 32 MiB). */
  readonly memoryBytes?: number;
  /**
   * Interrupt checks one evaluation may pass (QuickJS asks the host every few thousand bytecode
   * instructions): the instruction cap that decides (default 5,000, far above what a damage
   * formula needs).
   */
  readonly ticks?: number;
  /**
   * Wall-clock milliseconds one evaluation may take (default 30,000): a safety net only, far above what
   * the instruction cap allows on any machine. Hitting it is reported as a time stop
   * (`source: 'time-stop'`), never as a verdict on the monster, and is not cached.
   */
  readonly maxMs?: number;
  /** The clock of the safety net (default `Date.now`; tests freeze or jump it). */
  readonly now?: () => number;
}

/** A monster's cell on a floor (the tower's code may read it: auras, guards). */
export interface FloorCell {
  readonly floorId: string;
  readonly x: number;
  readonly y: number;
}

/**
 * The damage of one fight as the tower's own code computes it, why it could not be computed (a verdict
 * that depends only on the code and the caps that count work: the same on every machine), or that the
 * wall-clock safety net stopped it (`time-stop`: no verdict; asking again may answer).
 */
export type TowerDamage =
  /** From the tower's `getDamageInfo`: `damage` is null when it returns null (cannot be fought). */
  | { readonly source: 'tower'; readonly damage: number | null }
  | { readonly source: 'not-computable'; readonly reason: string }
  | { readonly source: 'time-stop'; readonly reason: string };

/** A tower's damage code loaded in a WebAssembly sandbox (QuickJS): call {@link dispose} when done. */
export interface TowerDamageSandbox {
  /**
   * The damage the tower's `getDamageInfo` gives for monster `enemyId` against `hero` (at cell x, y of
   * `floorId` where given); cached by monster, hero, cell, hatred and cross.
   */
  damage(
    enemyId: string,
    hero: HeroStats,
    where?: FloorCell,
    options?: { readonly hatred?: number; readonly cross?: boolean },
  ): TowerDamage;
  /**
   * The damages for every defence from `defFrom` to `defTo` (the hero's other numbers fixed) in one
   * evaluation — the check of a floor's defence range — or why one of them could not be computed.
   */
  damageRange(
    enemyId: string,
    hero: HeroStats,
    defFrom: number,
    defTo: number,
    where?: FloorCell,
  ): readonly (number | null)[] | { readonly reason: string; readonly timeStop?: true };
  /** Why the tower's code could not be loaded at all (every damage is then not computable). */
  readonly loadError?: string;
  /** The load was stopped by the wall-clock safety net (every answer is then a time stop). */
  readonly loadTimeStop: boolean;
  /** The caps in force (defaults filled in). */
  readonly limits: { readonly memoryBytes: number; readonly ticks: number; readonly maxMs: number };
  /** Evaluations run in the sandbox (cache misses). */
  readonly evaluations: number;
  dispose(): void;
}

const DEFAULTS = { memoryBytes: 32 * 1024 * 1024, ticks: 5_000, maxMs: 30_000 } as const;

/**
 * Loads the tower's `functions.js` and `enemys.js` into a fresh QuickJS runtime compiled to
 * WebAssembly, beside {@link ENGINE_SURFACE} (the part of the engine the damage functions read).
 * Nothing of the host is exposed: no `require`, `process`, file system, console or timers; the
 * runtime has a memory limit, a stack limit and an interrupt handler that stops any evaluation after
 * `ticks` interrupt checks (the cap that decides: QuickJS counts bytecode work, so the same code
 * stops at the same point under any load) or, as a safety net only, `maxMs` of wall clock (a time
 * stop, reported as such and never cached). A monster whose damage code throws, loops, runs
 * out of memory, needs an engine member the sandbox does not provide or returns something that is not
 * a number is "not computable", with the reason; the host never runs the tower's code.
 */
export async function openTowerDamage(
  files: ProjectFiles,
  project: Project,
  limits: SandboxLimits = {},
): Promise<TowerDamageSandbox> {
  const { newQuickJSWASMModuleFromVariant } = await import('quickjs-emscripten-core');
  const variant = (await import('@jitl/quickjs-wasmfile-release-sync')).default;
  const quickjs = await newQuickJSWASMModuleFromVariant(variant);
  const caps = { ...DEFAULTS, ...limits };
  const now = limits.now ?? Date.now;
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(caps.memoryBytes);
  runtime.setMaxStackSize(512 * 1024);
  let ticks = 0;
  let startedAt = 0;
  let stopped: { why: string; time: boolean } | undefined;
  runtime.setInterruptHandler(() => {
    ticks++;
    if (ticks > caps.ticks)
      stopped = { why: `instruction cap of ${caps.ticks} interrupt checks reached`, time: false };
    else if (now() - startedAt > caps.maxMs)
      stopped = {
        why: `time stop: the wall-clock safety net of ${caps.maxMs} ms was reached (no verdict)`,
        time: true,
      };
    return stopped !== undefined;
  });
  const context = runtime.newContext();
  const sandbox = new Sandbox(
    { memoryBytes: caps.memoryBytes, ticks: caps.ticks, maxMs: caps.maxMs },
    runtime,
    context,
    () => {
      ticks = 0;
      startedAt = now();
      stopped = undefined;
    },
    () => stopped,
  );
  sandbox.load(files, project);
  return sandbox;
}

/** Text that came out of the sandbox (the tower's messages and values), quoted as input. */
function fromSandbox(value: unknown): string {
  return quoteInput(typeof value === 'string' ? value : (JSON.stringify(value) ?? typeof value));
}

class Sandbox implements TowerDamageSandbox {
  loadError?: string;
  loadTimeStop = false;
  evaluations = 0;
  private readonly cache = new Map<string, TowerDamage>();
  private disposed = false;

  constructor(
    readonly limits: {
      readonly memoryBytes: number;
      readonly ticks: number;
      readonly maxMs: number;
    },
    private readonly runtime: QuickJSRuntime,
    private readonly context: QuickJSContext,
    private readonly restartCaps: () => void,
    private readonly capReached: () => { why: string; time: boolean } | undefined,
  ) {}

  /** Evaluates `code` under the caps; returns its value (dumped to plain data) or why it failed. */
  private run(
    code: string,
    file: string,
  ): { ok: true; value: unknown } | { ok: false; why: string; timeStop?: true } {
    this.restartCaps();
    let result;
    try {
      result = this.context.evalCode(code, file);
    } catch (error) {
      // the WebAssembly side itself failed (out of its own memory): nothing more can run
      this.loadError ??= `sandbox failed: ${error instanceof Error ? error.message : String(error)}`;
      return { ok: false, why: this.loadError };
    }
    const cap = this.capReached();
    if (result.error !== undefined) {
      const error: unknown = this.context.dump(result.error);
      result.error.dispose();
      if (cap !== undefined)
        return { ok: false, why: cap.why, ...(cap.time ? { timeStop: true as const } : {}) };
      const message = fromSandbox(
        typeof error === 'object' && error !== null && 'message' in error ? error.message : error,
      );
      return { ok: false, why: message.includes('out of memory') ? 'memory cap reached' : message };
    }
    const value: unknown = this.context.dump(result.value);
    result.value.dispose();
    return { ok: true, value };
  }

  load(files: ProjectFiles, project: Project): void {
    const surface = this.run(ENGINE_SURFACE, 'engine-surface.js');
    if (!surface.ok) {
      this.loadError = `engine surface: ${surface.why}`;
      this.loadTimeStop = surface.timeStop === true;
      return;
    }
    const functions = files['functions.js'];
    if (functions === undefined) {
      this.loadError = 'the tower has no functions.js';
      return;
    }
    // Each file is one `var name = {…}` assignment: run in the sandbox, then found by its prefix.
    for (const [file, text] of [
      ['enemys.js', files['enemys.js']],
      ['functions.js', functions],
    ] as const) {
      const loaded = this.run(text, file);
      if (!loaded.ok) {
        this.loadError = `${file}: ${loaded.why}`;
        this.loadTimeStop = loaded.timeStop === true;
        return;
      }
    }
    const installed = this.run(
      `(function () {
        var find = function (prefix) {
          var names = Object.keys(globalThis).filter(function (k) { return k.indexOf(prefix) === 0; });
          return names.length === 1 ? globalThis[names[0]] : null;
        };
        var enemys = find('enemys_');
        if (enemys == null) return 'enemys.js assigns no enemys_… object';
        return __install(${JSON.stringify(project.values)}, ${project.negativeDamage}, enemys, find('functions_'))
          ? true : 'functions.js has no enemys.getDamageInfo';
      })()`,
      'install.js',
    );
    if (!installed.ok) {
      this.loadError = `install: ${installed.why}`;
      this.loadTimeStop = installed.timeStop === true;
    } else if (installed.value !== true) this.loadError = fromSandbox(installed.value);
  }

  damage(
    enemyId: string,
    hero: HeroStats,
    where?: FloorCell,
    options: { readonly hatred?: number; readonly cross?: boolean } = {},
  ): TowerDamage {
    if (this.disposed) throw new Error('the tower damage sandbox was disposed');
    if (this.loadError !== undefined)
      return { source: this.loadTimeStop ? 'time-stop' : 'not-computable', reason: this.loadError };
    const heroJson = JSON.stringify({ hp: hero.hp, atk: hero.atk, def: hero.def, mdef: hero.mdef });
    const hatred = options.hatred ?? 0;
    const cross = options.cross === true;
    const args = `${JSON.stringify(enemyId)}, ${heroJson}, ${where?.x ?? 'null'}, ${where?.y ?? 'null'}, ${JSON.stringify(where?.floorId ?? '')}, ${hatred}, ${cross}`;
    const cached = this.cache.get(args);
    if (cached !== undefined) return cached;
    this.evaluations++;
    const ran = this.run(`__damage(${args})`, 'damage.js');
    let answer: TowerDamage;
    // A time stop is no verdict: not cached, so the next ask runs the code again.
    if (!ran.ok && ran.timeStop === true) return { source: 'time-stop', reason: ran.why };
    if (!ran.ok) answer = { source: 'not-computable', reason: ran.why };
    else if (ran.value === null) answer = { source: 'tower', damage: null };
    else if (typeof ran.value === 'number') answer = { source: 'tower', damage: ran.value };
    else answer = { source: 'not-computable', reason: fromSandbox(ran.value) };
    this.cache.set(args, answer);
    return answer;
  }

  damageRange(
    enemyId: string,
    hero: HeroStats,
    defFrom: number,
    defTo: number,
    where?: FloorCell,
  ): readonly (number | null)[] | { readonly reason: string; readonly timeStop?: true } {
    if (this.disposed) throw new Error('the tower damage sandbox was disposed');
    if (this.loadError !== undefined)
      return { reason: this.loadError, ...(this.loadTimeStop ? { timeStop: true as const } : {}) };
    const heroJson = JSON.stringify({ hp: hero.hp, atk: hero.atk, def: hero.def, mdef: hero.mdef });
    this.evaluations++;
    const ran = this.run(
      `__damageRange(${JSON.stringify(enemyId)}, ${heroJson}, ${defFrom}, ${defTo}, ${where?.x ?? 'null'}, ${where?.y ?? 'null'}, ${JSON.stringify(where?.floorId ?? '')})`,
      'damage-range.js',
    );
    if (!ran.ok) return { reason: ran.why, ...(ran.timeStop === true ? { timeStop: true } : {}) };
    if (!Array.isArray(ran.value)) return { reason: fromSandbox(ran.value) };
    return ran.value.map((v: unknown) => (typeof v === 'number' ? v : null));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    try {
      this.context.dispose();
      this.runtime.dispose();
    } catch {
      // QuickJS asserts that every object was freed; after a stack overflow in the tower's code some
      // are not, and the WebAssembly instance aborts. That instance belongs to this sandbox alone
      // (each one loads its own module) and is dropped with it, so there is nothing left to free.
    }
  }
}
