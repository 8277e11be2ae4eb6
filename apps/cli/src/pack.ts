import type { Command } from 'commander';
import { runPack, type PackManifest, type PackSort, type PackSpec } from '@puzzlekit/pack';
import {
  choiceOption,
  CommandFailure,
  intOption,
  seedOption,
  UsageError,
  type Context,
} from './context.js';
import { addSpecFlags, budgetFlags, outFlag, readSpecFlags } from './common/flags.js';
import { isPlugin, type GameEntry, type GamePlugin } from './games/types.js';

/*
 * `puzzlekit pack …`: packs of levels on every core of one machine (`pack generate`), and over many
 * machines through a job queue (`submit`, `worker`, `status`, `collect`). The queue package (BullMQ
 * and a Redis client) is imported only when `--queue` is given.
 */

/** Where a pool thread imports a game's module from: as this CLI's own import resolves it. */
export function resolveGame(specifier: string): string {
  return specifier.startsWith('file:') ? specifier : import.meta.resolve(specifier);
}

/** The module a pack names for a game: the plugin's own, else its package. */
export function moduleOf(plugin: GamePlugin): string {
  return plugin.module ?? plugin.game.packageName;
}

/** `--workers N`: pool threads (default: the cores the memory allows). */
function workersFlag(value: string | undefined): { workers?: number } {
  return value === undefined ? {} : { workers: intOption('--workers', value, 1, 1024) };
}

/** A pack's spec from a game's generate flags and the pack flags. */
function packSpec(plugin: GamePlugin, o: Record<string, string | undefined>): PackSpec {
  const generate = plugin.game.generate!;
  const { maxWork, maxMs } = budgetFlags(o);
  if (maxWork === Infinity || maxMs === Infinity)
    throw new UsageError('a pack bound is a finite number (leave it out for the game default)');
  const jobBudget = {
    ...(maxWork === undefined ? {} : { maxWork }),
    ...(maxMs === undefined ? {} : { maxMs }),
  };
  return {
    game: moduleOf(plugin),
    gameId: plugin.game.id,
    options: readSpecFlags(generate.options, o),
    count: intOption('--count', o.count!, 1, 10_000_000),
    ...(o.first === undefined ? {} : { first: intOption('--first', o.first, 0) }),
    seed: seedOption(o.seed!),
    sort: choiceOption<PackSort>('--sort', o.sort!, ['index', 'difficulty']),
    ...(Object.keys(jobBudget).length === 0 ? {} : { budget: { generate: jobBudget } }),
    ...(o.maxCandidates === undefined
      ? {}
      : { maxCandidates: intOption('--max-candidates', o.maxCandidates, 1, 1000) }),
  };
}

/** The flags of a pack of one game: its generate options, then the pack's own. */
function packFlags(command: Command, plugin: GamePlugin): Command {
  const generate = plugin.game.generate!;
  addSpecFlags(command, generate.options);
  return command
    .requiredOption('--count <n>', 'levels in the pack')
    .option('--seed <seed>', 'the pack seed: level i is made from the stream (seed, i)', '1')
    .option(
      '--first <i>',
      'the first level index (a shard: --first 1000 --count 1000 makes levels 1000..1999 of the seed)',
    )
    .option('--sort <order>', 'index | difficulty (easiest first)', 'index')
    .option('--max-candidates <n>', 'candidates tried per level before the level is given up')
    .option('--max-work <n>', `work budget of each level's generator, in ${generate.unit}`)
    .option(
      '--max-ms <ms>',
      "time limit of each level's generator (a safety net: a level it stops is reported)",
    );
}

/** Progress of a pack: a bar with an ETA on a terminal, one JSON event a line under --json. */
function packProgress(ctx: Context): {
  onEvent: (event: { event: string; done?: number; count?: number }) => void;
  stop: () => void;
} {
  let bar: ReturnType<Context['progress']> | undefined;
  return {
    onEvent(event) {
      ctx.event(event);
      if (event.event === 'level' && event.done !== undefined && event.count !== undefined) {
        bar ??= ctx.progress('levels', event.count);
        bar.update(event.done);
      }
    },
    stop: () => bar?.stop(),
  };
}

/** Ctrl-C stops a pack cleanly: finished levels stay in its journal for `--resume`. */
function interruptible(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', stop) };
}

/** A pack's manifest in one line for people. */
function manifestLine(manifest: PackManifest, out: string): string {
  const c = manifest.counts;
  return `pack ${manifest.pack}: ${c.made} of ${c.levels} levels made (${c.givenUp} given up, ${c.rejected} candidates rejected, ${c.duplicates} duplicates replaced) in ${out}: ${manifest.files.join(', ')}`;
}

/** Exit 1 when some level of a pack was given up. */
function failUnlessMade(manifest: PackManifest): void {
  const { made, levels } = manifest.counts;
  if (made < levels) throw new CommandFailure(`${levels - made} of ${levels} levels given up`);
}

/** The queue package, imported only now: a machine without `--queue` never loads a Redis client. */
async function queueOf(url: string | undefined) {
  if (url === undefined || url.trim() === '')
    throw new UsageError('--queue needs an address such as redis://127.0.0.1:6379');
  const queue = await import('@puzzlekit/pack-queue');
  return { queue, connection: queue.connectionFromUrl(url) };
}

function registerGenerate(pack: Command, ctx: Context, plugins: readonly GamePlugin[]): void {
  const generate = pack
    .command('generate')
    .description(
      'make a pack on every core of this machine: each level generated, replayed, solved and rated, into --out DIR',
    );
  for (const plugin of plugins) {
    packFlags(
      generate.command(plugin.game.id).description(`a pack of ${plugin.game.title} levels`),
      plugin,
    )
      .requiredOption(
        '--out <dir>',
        'the pack folder: levels.jsonl, the collection file, manifest.json',
      )
      .option('--workers <n>', 'pool threads (default: the cores the memory allows)')
      .option('--resume', 'finish the pack in --out without redoing the levels it holds')
      .action(async (o: Record<string, string | undefined>) => {
        const spec = packSpec(plugin, o);
        const out = outFlag(o.out)!;
        const progress = packProgress(ctx);
        const stop = interruptible();
        let manifest: PackManifest;
        try {
          manifest = await runPack(spec, {
            out,
            ...workersFlag(o.workers),
            resume: o.resume !== undefined,
            resolveGame,
            onEvent: progress.onEvent,
            signal: stop.signal,
          });
        } finally {
          progress.stop();
          stop.dispose();
        }
        ctx.output(manifest, () => manifestLine(manifest, out));
        failUnlessMade(manifest);
      });
  }
}

function registerSubmit(pack: Command, ctx: Context, plugins: readonly GamePlugin[]): void {
  const submit = pack
    .command('submit')
    .description('put a pack on a job queue, one job per level (prints the pack id)');
  for (const plugin of plugins) {
    packFlags(
      submit.command(plugin.game.id).description(`a pack of ${plugin.game.title} levels`),
      plugin,
    )
      .requiredOption('--queue <url>', 'the queue: redis://HOST:PORT')
      .action(async (o: Record<string, string | undefined>) => {
        const spec = packSpec(plugin, o);
        const { queue, connection } = await queueOf(o.queue);
        const id = await queue.submitPack(spec, { connection, resolveGame });
        ctx.output({ pack: id }, () => id);
      });
  }
}

function registerQueueVerbs(pack: Command, ctx: Context): void {
  pack
    .command('worker')
    .description("run this machine's pool on a queue's level jobs until stopped (Ctrl-C)")
    .requiredOption('--queue <url>', 'the queue: redis://HOST:PORT')
    .option('--workers <n>', 'pool threads (default: the cores the memory allows)')
    .action(async (o: Record<string, string | undefined>) => {
      const { queue, connection } = await queueOf(o.queue);
      const worker = queue.runWorker({
        connection,
        resolveGame,
        ...workersFlag(o.workers),
        onEvent: (event) => {
          ctx.event({ ...event });
          if (event.event === 'failed') ctx.info(`job ${event.job} failed: ${event.reason ?? ''}`);
        },
      });
      ctx.info(`worker on ${o.queue} with ${worker.workers} thread(s); Ctrl-C stops it`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
      await worker.close();
    });
  pack
    .command('status <id>')
    .description('where a queued pack stands: its level jobs by state')
    .requiredOption('--queue <url>', 'the queue: redis://HOST:PORT')
    .action(async (id: string, o: Record<string, string | undefined>) => {
      const { queue, connection } = await queueOf(o.queue);
      const status = await queue.packStatus(id, { connection });
      const l = status.levels;
      ctx.output(
        status,
        () =>
          `pack ${status.pack} (${status.spec.gameId}, ${status.spec.count} levels): ${l.completed} done, ${l.active} running, ${l.waiting} waiting, ${l.delayed} waiting to retry, ${l.failed} failed${status.done ? ' — ready to collect' : ''}`,
      );
    });
  pack
    .command('collect <id>')
    .description('write a queued pack into --out DIR: the same files as a local pack')
    .requiredOption('--queue <url>', 'the queue: redis://HOST:PORT')
    .requiredOption('--out <dir>', 'the pack folder')
    .option('--wait', 'wait for jobs still running (else an unfinished pack is an error)')
    .action(async (id: string, o: Record<string, string | undefined>) => {
      const out = outFlag(o.out)!;
      const { queue, connection } = await queueOf(o.queue);
      let manifest: PackManifest;
      try {
        manifest = await queue.collectPack(id, out, {
          connection,
          resolveGame,
          wait: o.wait !== undefined,
        });
      } catch (error) {
        if (error instanceof queue.PackNotFinishedError) throw new CommandFailure(error.message);
        throw error;
      }
      ctx.output(manifest, () => manifestLine(manifest, out));
      failUnlessMade(manifest);
    });
}

/** Adds `puzzlekit pack …` for every game of the registry that has a generator. */
export function registerPack(program: Command, ctx: Context, registry: readonly GameEntry[]): void {
  const plugins = registry.filter(isPlugin).filter((p) => p.game.generate !== undefined);
  if (plugins.length === 0) return;
  const pack = program
    .command('pack')
    .description('level packs: every core of this machine, or many machines through a job queue');
  registerGenerate(pack, ctx, plugins);
  registerSubmit(pack, ctx, plugins);
  registerQueueVerbs(pack, ctx);
}
