import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import {
  arrivalsOf,
  floorSummary,
  formatNumber as num,
  keysForEveryDoor,
  listFloors,
  parseTree,
  loadProject,
  openTowerDamage,
  h5Route,
  foughtNothingBecauseHeCouldNot,
  offerHero,
  offerJson,
  planTower,
  printH5Route,
  probeHero,
  solveFloor,
  solveFloorArrivals,
  solveTree,
  arrivalJson,
  arrivalPlansJson,
  engineJson,
  planJson,
  solutionJson,
  towerReplay,
  towerReplayJson,
  type Arrival,
  type FloorSolution,
  type HeroOffer,
  type HeroStats,
  type Project,
  type TowerCodeCheck,
  type TowerDamageSandbox,
  type TowerPlan,
  type TowerReplay,
  game,
} from '@puzzlekit/mota-bluegem';
import { CommandBudget } from '../common/budget.js';
import { budgetFlags } from '../common/flags.js';
import { readProjectFilesWith, readProjectWith } from '@puzzlekit/mota-bluegem/node';
import { quoteInput } from '@puzzlekit/errors';
import { CommandFailure, type Context, intOption, numberOption, UsageError } from '../context.js';
import type { DemoSection, GamePlugin } from './types.js';

/** Reads a project folder (the tower folder or its `project` folder) through the CLI's file access. */
function readProject(ctx: Context, dir: string): Promise<Project> {
  return readProjectWith(dir, (path) => ctx.readText(path));
}

/**
 * Reads a project and, with `--tower-code`, opens the tower's own damage code in the sandbox; `use`
 * runs with both and the sandbox is disposed after, whatever happens.
 */
async function withTowerCode<T>(
  ctx: Context,
  dir: string,
  towerCode: boolean,
  use: (project: Project, sandbox: TowerDamageSandbox | undefined) => T | Promise<T>,
): Promise<T> {
  if (!towerCode) return use(await readProject(ctx, dir), undefined);
  const files = await readProjectFilesWith(dir, (path) => ctx.readText(path));
  const project = loadProject(files);
  const sandbox = await openTowerDamage(files, project);
  try {
    return await use(project, sandbox);
  } finally {
    sandbox.dispose();
  }
}

/** What `--tower-code` found, for the head of an answer: nothing to check, or the code did not load. */
function towerCodeHead(project: Project, sandbox: TowerDamageSandbox | undefined): string[] {
  if (sandbox === undefined) return [];
  if (project.engine.damageCode.status !== 'custom')
    return [
      "--tower-code: the tower's damage code is the stock one (or absent): the package's formula is the tower's own, nothing to ask",
    ];
  if (sandbox.loadError !== undefined)
    return [`--tower-code: the tower's code could not be loaded: ${sandbox.loadError}`];
  return [];
}

const TOWER_SOURCE_WORDS = {
  tower: "from the tower's code, equal to the formula",
  differs: "the tower's code differs",
  'not-computable': "not computable by the tower's code",
  'time-stop': "stopped by the sandbox's wall-clock safety net (no verdict)",
} as const;

/** Per monster, where its damages came from (the tower's code, differing, or not computable). */
function towerCodeText(check: TowerCodeCheck | undefined): string[] {
  if (check === undefined) return [];
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const m of check.monsters) {
    const row = `  (${m.x},${m.y}) ${m.id}: ${TOWER_SOURCE_WORDS[m.source]}${m.reason !== undefined ? `: ${m.reason}` : ''}`;
    if (seen.has(row)) continue;
    seen.add(row);
    rows.push(row);
  }
  return [
    '',
    check.confirmed
      ? "damages from the tower's own code (sandbox): every damage of this plan"
      : `damages from the tower's own code (sandbox): not all — ${check.why ?? ''}`,
    ...rows,
  ];
}

interface ReplayFlags {
  replay?: string;
  difficulty?: string;
  seed?: string;
}

function replayOptions(cmd: Command): Command {
  return cmd
    .option(
      '--replay <file>',
      "write the route as the H5 engine's own replay file (.h5route), which the game replays from its start",
    )
    .option(
      '--difficulty <name>',
      "the replay's difficulty (default: the game's first, from main.levelChoose)",
    )
    .option('--seed <n>', "the replay's random seed (default 1: a route of moves draws none)");
}

/**
 * Writes the replay file of `moves` (a route from the game's start) and says what it holds; the engine
 * plays it with the game's own hero, so a plan made with another hero is flagged.
 */
async function writeReplay(
  ctx: Context,
  project: Project,
  flags: ReplayFlags,
  moves: string,
  planHero: HeroStats,
  extra: Record<string, unknown> = {},
): Promise<{ replay: Record<string, unknown>; lines: string[] }> {
  const file = flags.replay ?? '';
  const seed = flags.seed === undefined ? undefined : intOption('--seed', flags.seed, 0);
  const route = h5Route(project, moves, {
    ...(flags.difficulty !== undefined ? { hard: flags.difficulty } : {}),
    ...(seed !== undefined ? { seed } : {}),
  });
  await ctx.writeText(file, printH5Route(route));
  const same = (['hp', 'atk', 'def', 'mdef'] as const).every(
    (k) => planHero[k] === project.hero[k],
  );
  return {
    replay: {
      file,
      moves: moves.length,
      name: route.name,
      hard: route.hard,
      seed: route.seed,
      ...extra,
    },
    lines: [
      `replay written to ${file}: ${moves.length} moves from the game's start on ${project.start.floorId} (${project.start.x},${project.start.y}), game ${quoteInput(route.name)}, difficulty ${quoteInput(route.hard)}, seed ${route.seed}`,
      ...(same
        ? []
        : [
            `note: the engine replays with the game's own hero; this plan's hero differs (${offerFlags(planHero, project.hero)}), so the game stops where its own hero cannot go on`,
          ]),
    ],
  };
}

interface HeroFlags {
  hp?: string;
  atk?: string;
  def?: string;
  mdef?: string;
  probe?: boolean;
  keys?: string;
}

/** A floor of the project by its id (`toString`, `__proto__` are names like any other). */
function hasFloor(project: Project, floorId: string): boolean {
  return Object.prototype.hasOwnProperty.call(project.floors, floorId);
}

/** `--keys`: `id=count,…`, or `doors` (as many of each key as the floors have doors needing it). */
function keysFrom(project: Project, flags: HeroFlags): Record<string, number> | undefined {
  if (flags.keys === undefined) return undefined;
  const keys: Record<string, number> = Object.create(null) as Record<string, number>;
  if (flags.keys === 'doors') return keysForEveryDoor(project);
  for (const part of flags.keys.split(',')) {
    const m = /^\s*([A-Za-z_$][\w$]*)\s*=\s*(\d{1,9})\s*$/.exec(part);
    if (m === null)
      throw new UsageError(
        `--keys must be id=count,… (such as yellowKey=2,blueKey=1) or 'doors', got ${quoteInput(flags.keys)}`,
      );
    keys[m[1] ?? ''] = Number(m[2]);
  }
  return keys;
}

function heroFrom(project: Project, floorId: string, flags: HeroFlags): HeroStats {
  const base = flags.probe === true ? probeHero(project, floorId) : project.hero;
  return {
    hp: flags.hp === undefined ? base.hp : numberOption('--hp', flags.hp),
    atk: flags.atk === undefined ? base.atk : numberOption('--atk', flags.atk),
    def: flags.def === undefined ? base.def : numberOption('--def', flags.def),
    mdef: flags.mdef === undefined ? base.mdef : numberOption('--mdef', flags.mdef),
  };
}

function heroOptions(cmd: Command): Command {
  return cmd
    .option('--hp <n>', "hero HP (default: the project's starting hero)")
    .option('--atk <n>', 'hero attack')
    .option('--def <n>', 'hero defence')
    .option('--mdef <n>', 'hero magic defence')
    .option(
      '--probe',
      'a hero strong enough to damage everything on the floor: attack 2 × its highest monster defence + 1 (to see the whole floor); HP, defence and magic defence stay the starting hero’s (give --hp to survive more fights)',
    )
    .option(
      '--keys <list>',
      "keys held on arrival, such as yellowKey=2,blueKey=1, or 'doors' for one per door of the floors (default: the game's starting keys)",
    );
}

function solutionText(sol: FloorSolution, title: string): string {
  const proven = sol.optimal
    ? 'yes (proven)'
    : sol.searchProven
      ? `not proven — ${sol.why ?? ''} (the search alone proved this order best under the model)`
      : `no — ${sol.why ?? ''}`;
  const lines = [
    `floor ${sol.floorId} (${title}): ${sol.gateCount} group(s) of monsters guarding rooms, ${sol.tree ? 'each room reached one way (a tree)' : 'some rooms reached more than one way (cycles)'}, ${num(sol.totalReward)} defence to collect${sol.defenceAllowed < sol.totalReward ? ` (the keys allow ${num(sol.defenceAllowed)})` : ''}`,
    ...(sol.approximate ? ['custom damage formula: figures approximate'] : []),
    `method: ${sol.method}${sol.work > 0 ? ` (${num(sol.work)} positions searched)` : ''}; optimal: ${proven}`,
    `walked and simulated: ${num(sol.totalDamage)} damage in ${sol.fights.length} fight(s), HP left ${num(sol.hpLeft)}${refusedText(sol)}`,
    `quick estimate for the walked fights (each defence point saves a fixed damage per fight): ${num(sol.predictedDamage)} damage — ${sol.linearMatched ? 'the same as the step-by-step simulation' : 'not the same as the step-by-step simulation, which is the one to trust'}`,
    `counting gem defence only: this order ${num(sol.modelDamage)}, a greedy order ${num(sol.greedyDamage)}`,
    `doors opened ${sol.doorsOpened}; keys left: ${keysText(sol.keysLeft)}`,
    '',
    'fights (step: cell enemy  defence → damage, HP after):',
    ...sol.fights.map(
      (f) =>
        `  ${String(f.step).padStart(4)}: (${f.x},${f.y}) ${f.id}  def ${num(f.def)} → ${num(f.damage)}, HP ${num(f.hp)}`,
    ),
    '',
    `route: ${sol.route === '' ? '(none)' : sol.route}`,
  ];
  if (sol.nonlinear.length > 0) {
    lines.push('', 'monsters whose damage does not fall by a fixed amount per defence point:');
    for (const m of sol.nonlinear)
      lines.push(`  (${m.x},${m.y}) ${m.id}: ${m.flags.map((f) => f.reason).join('; ')}`);
  }
  if (sol.unbeatable.length > 0)
    lines.push(
      '',
      `cannot be damaged (walls): ${sol.unbeatable.map((u) => `(${u.x},${u.y}) ${u.id}`).join(', ')}`,
    );
  lines.push(...towerCodeText(sol.towerCode));
  const notes = [...sol.notes, ...sol.routeNotes];
  if (notes.length > 0) lines.push('', ...notes.map((n) => `note: ${n}`));
  return lines.join('\n');
}

/** Where the walk stopped because the engine refuses the next fight (the hero is alive: HP as before it). */
function refusedText(sol: FloorSolution): string {
  const r = sol.refused;
  if (r === undefined)
    return sol.survived ? '' : ' — the walk stopped before a fight the engine refuses';
  return ` — the walk stopped before the fight at (${r.x},${r.y}) (${r.id}), which the engine refuses (${r.damage === null ? 'the hero cannot damage it' : `damage ${num(r.damage)} ≥ HP ${num(r.hero.hp)}`}): the hero never takes a fight he would not survive`;
}

function keysText(keys: Readonly<Record<string, number>>): string {
  const list = Object.entries(keys).filter(([, n]) => n > 0);
  return list.length === 0 ? 'none' : list.map(([id, n]) => `${id} ${n}`).join(', ');
}

function arrivalText(a: Arrival): string {
  const from = a.sources.map((s) =>
    s.kind === 'start'
      ? 'the game start'
      : `${s.kind === 'stair' ? 'a stair or portal' : 'an event'} on ${s.floorId}${s.x !== undefined ? ` (${s.x},${s.y})` : ''}`,
  );
  const shown =
    from.slice(0, 4).join(', ') + (from.length > 4 ? `, and ${from.length - 4} more` : '');
  return `arrival (${a.x},${a.y}) from ${shown}`;
}

function engineText(project: Project): string {
  const e = project.engine;
  const code =
    e.damageCode.status === 'custom'
      ? `custom damage formula (${e.damageCode.differing.join(', ')} ${e.damageCode.differing.length === 1 ? 'differs' : 'differ'} from every stock release): figures approximate`
      : e.damageCode.status === 'stock'
        ? `stock damage code (as in engine ${e.damageCode.releases[0]}${e.damageCode.releases.length > 1 ? `–${e.damageCode.releases.at(-1)}` : ''})`
        : 'no damage code in the project: the stock formula is assumed';
  return `engine fields ${e.fields} (${e.evidence}); ${code}`;
}

function planText(plan: TowerPlan, project: Project, dir: string): string {
  const t = plan.totals;
  const head = [
    `${project.title} (${project.version}): whole-tower plan, ${t.floors} floors in play order`,
    engineText(project),
    'each floor: the fight order that collects the most defence this hero can reach, walked until a fight would kill him; shops, level-ups and scripted events are not played',
    `planned ${t.planned}, unreachable ${t.unreachable}, proven optimal ${t.proven}${t.approximate > 0 ? `, approximate (custom damage) ${t.approximate}` : ''}; total damage ${num(t.damage)}`,
    ...(plan.stopped !== undefined ? [plan.stopped] : []),
    ...(plan.offer !== undefined
      ? [
          `a hero to plan with: ${plan.offer.reason}`,
          `  puzzlekit mota plan ${dir} ${offerFlags(plan.offer.hero, project.hero)}`,
        ]
      : []),
    '',
    'floor        arrival   fights     damage    HP left   ATK/DEF/MDEF            keys          proven',
  ];
  const rows = plan.floors.map((f) => {
    const cell = f.arrival === undefined ? '' : `(${f.arrival.x},${f.arrival.y})`;
    // A floor skipped because the plan stopped earlier repeats nothing: the head says why it stopped.
    const why =
      f.status === 'skipped' && f.why === plan.stopped ? 'the plan stopped before it' : f.why;
    if (f.status !== 'planned')
      return `${f.floorId.padEnd(12)} ${cell.padEnd(9)} ${f.status}${why !== undefined ? `: ${why}` : ''}`;
    const h = f.heroOut;
    const walls =
      f.unbeatable > 0
        ? `, for what he can reach (${f.unbeatable} monster(s) he cannot damage)`
        : '';
    const proven = f.proven
      ? `yes${walls}`
      : `no${f.approximate ? ' (approximate)' : ''}${f.solution?.routeComplete === false ? ' (route stopped)' : ''}`;
    return `${f.floorId.padEnd(12)} ${cell.padEnd(9)} ${String(f.fights).padStart(6)} ${num(f.damage).padStart(10)} ${num(h.hp).padStart(10)}   ${`${num(h.atk)}/${num(h.def)}/${num(h.mdef)}`.padEnd(22)}  ${keysText(f.keysOut).padEnd(13)} ${proven}`;
  });
  return [...head, ...rows].join('\n');
}

/** Per planned floor, where its damages came from when the tower's own code was asked. */
function planTowerCodeText(plan: TowerPlan): string[] {
  const rows: string[] = [];
  for (const f of plan.floors) {
    const check = f.solution?.towerCode;
    if (check === undefined) continue;
    const count = (source: string): number =>
      check.monsters.filter((m) => m.source === source).length;
    rows.push(
      check.monsters.length === 0
        ? `  ${f.floorId}: no damage to check`
        : `  ${f.floorId}: ${check.confirmed ? "every damage from the tower's code" : `not all — ${check.why ?? ''}`} (checks: ${count('tower')} from the tower's code, ${count('differs')} differ, ${count('not-computable')} not computable${count('time-stop') > 0 ? `, ${count('time-stop')} time stops` : ''})`,
    );
  }
  return rows.length === 0
    ? []
    : ['', "damages from the tower's own code (sandbox), per floor:", ...rows];
}

const TOWER_CODE_HELP =
  "ask the tower's own damage code (its functions.js, run in a WebAssembly sandbox) for every damage the plan rests on; the answer says per monster which damages came from it";

/**
 * A hero to solve the floor with where the given one fought nothing because he could not (he cannot
 * damage what stands in his way, or the engine refuses the fight): {@link offerHero} from the same
 * cell, its searches under the solve's budget again.
 */
function solveOffer(
  project: Project,
  floorId: string,
  sol: FloorSolution,
  options: Parameters<typeof offerHero>[2],
): HeroOffer | undefined {
  return foughtNothingBecauseHeCouldNot(sol) ? offerHero(project, floorId, options) : undefined;
}

/** The offered hero in words, with the command that solves the floor with him. */
function offerText(
  offer: HeroOffer | undefined,
  project: Project,
  dir: string,
  floorId: string,
  at: { readonly x: number; readonly y: number } | undefined,
): string[] {
  if (offer === undefined) return [];
  const cell = at === undefined ? '' : ` --hero-x ${at.x} --hero-y ${at.y}`;
  return [
    `the hero fought nothing because he could not; a hero to solve with: ${offer.reason}`,
    `  puzzlekit mota solve ${dir} --floor ${floorId}${cell} ${offerFlags(offer.heroAtFloor, project.hero)}`,
  ];
}

/** What a whole-tower replay plays: its floors, each walked to the next by its stair, and why it stops. */
function replayText(replay: TowerReplay): string[] {
  const ids = replay.floors.map((f) => f.floorId).join(', ');
  return [
    `the replay plays ${replay.floors.length} of the plan's ${replay.planned} planned floor(s) (${ids}): each floor's route, then a walk with no fight, door or item to the stair onto the next, arriving where the plan starts it`,
    ...(replay.stopped !== undefined ? [replay.stopped] : []),
  ];
}

/** `--replay` on a plan that does not start at the game's start: the engine could not replay it. */
function notFromStart(project: Project): never {
  throw new UsageError(
    `--replay: the engine replays a route from the game's start (${project.start.floorId} (${project.start.x},${project.start.y})), and no plan here starts there`,
  );
}

/** The `--hp`/`--atk`/… flags that give `hero` where the tower starts with `start`. */
function offerFlags(hero: HeroStats, start: HeroStats): string {
  return (['hp', 'atk', 'def', 'mdef'] as const)
    .filter((k) => hero[k] !== start[k])
    .map((k) => `--${k} ${hero[k]}`)
    .join(' ');
}

/** The repository's fixture tower, found from this file (apps/cli/dist or src) or the working folder. */
async function findFixtureTower(): Promise<string | null> {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const bases = [
    resolve(here, '../../..'),
    resolve(here, '../../../..'),
    process.cwd(),
    resolve(process.cwd(), '..'),
    resolve(process.cwd(), '../..'),
  ];
  for (const base of bases) {
    const dir = join(base, 'fixtures', 'mota', 'only-up', 'project');
    try {
      await access(join(dir, 'data.js'));
      return dir;
    } catch {
      // try the next place
    }
  }
  return null;
}

const DEMO_FLOOR = 'MT1';

/** `puzzlekit mota …`: list floors, solve a floor, order an abstract tree. */
export const motaPlugin: GamePlugin = {
  game,
  description:
    'H5 Magic Tower: the fight order that takes the least damage (blue-gem theory); solve reads a tower folder',
  // A tower is a folder, not a level file: mota's own solve reads one (verify and rate read the
  // descriptor's floor levels as JSON, as the pack runner writes them).
  replaces: ['solve'],
  registerOwn(group: Command, ctx: Context) {
    heroOptions(
      group
        .command('floors')
        .description(
          'list the floors of an H5 project with monsters, gems and whether each is a tree',
        )
        .argument('<project-dir>', 'the tower folder or its project/ folder'),
    ).action(async (dir: string, flags: HeroFlags) => {
      const project = await readProject(ctx, dir);
      const rows = project.floorIds.map((id) =>
        floorSummary(project, id, { hero: heroFrom(project, id, flags) }),
      );
      const json = {
        title: project.title,
        version: project.version,
        engine: engineJson(project),
        floors: rows.map((r) => ({
          ...r,
          arrivals: arrivalsOf(project, r.floorId).map(arrivalJson),
        })),
      };
      ctx.output(json, () => {
        const head = `${project.title} (${project.version}), ${rows.length} floors`;
        const header =
          'floor      size   arrivals monsters gems gates shape        defence  non-linear unbeatable atk-items';
        const body = rows.map(
          (r) =>
            `${r.floorId.padEnd(10)} ${`${r.width}x${r.height}`.padEnd(6)} ${String(arrivalsOf(project, r.floorId).length).padStart(8)} ${String(r.monsters).padStart(8)} ${String(r.gems).padStart(4)} ${String(r.gates).padStart(5)} ${r.shape.padEnd(11)} ${num(r.reachableDefence).padStart(8)} ${String(r.nonlinear).padStart(10)} ${String(r.unbeatable).padStart(10)} ${String(r.attackItems).padStart(9)}`,
        );
        return [head, engineText(project), '', header, ...body].join('\n');
      });
    });

    replayOptions(
      heroOptions(
        group
          .command('solve')
          .description(
            'best fight order of a floor from each cell the hero can arrive on, a walking route and its simulation',
          )
          .argument('<project-dir>', 'the tower folder or its project/ folder')
          .requiredOption('--floor <id>', 'floor id, such as MT1')
          .option('--hero-x <x>', 'hero x (default: one plan per arrival cell)')
          .option('--hero-y <y>', 'hero y')
          .option(
            '--max-work <n>',
            `positions the exact search may look at, per arrival cell (floors with cycles; default ${num(game.solve!.budget.maxWork ?? 0)})`,
          )
          .option('--max-states <n>', 'positions it may hold in memory', '4000000')
          .option(
            '--max-ms <ms>',
            'stop after this many milliseconds (one deadline for every arrival cell; a search it stops says so)',
          )
          .option('--tower-code', TOWER_CODE_HELP),
      ),
    ).action(
      async (
        dir: string,
        flags: HeroFlags &
          ReplayFlags & {
            floor: string;
            heroX?: string;
            heroY?: string;
            maxWork?: string;
            maxStates: string;
            maxMs?: string;
            towerCode?: boolean;
          },
      ) => {
        const budget = new CommandBudget(game.solve!, budgetFlags(flags));
        const maxStates = intOption('--max-states', flags.maxStates, 1);
        if ((flags.heroX === undefined) !== (flags.heroY === undefined))
          throw new UsageError('give both --hero-x and --hero-y');
        const at =
          flags.heroX !== undefined && flags.heroY !== undefined
            ? { x: intOption('--hero-x', flags.heroX, 0), y: intOption('--hero-y', flags.heroY, 0) }
            : undefined;
        await withTowerCode(ctx, dir, flags.towerCode === true, async (project, sandbox) => {
          if (!hasFloor(project, flags.floor))
            throw new UsageError(
              `no floor ${quoteInput(flags.floor)} (have ${listFloors(project)})`,
            );
          const title = project.floors[flags.floor]?.title ?? flags.floor;
          const keys = keysFrom(project, flags);
          const head = towerCodeHead(project, sandbox);
          const options = {
            hero: heroFrom(project, flags.floor, flags),
            budget: { ...budget.forLevel(), maxStates },
            ...(keys !== undefined ? { keys } : {}),
            ...(sandbox !== undefined ? { towerDamage: sandbox } : {}),
          };
          const fromStart = (x: number, y: number): boolean =>
            flags.floor === project.start.floorId && x === project.start.x && y === project.start.y;
          if (at !== undefined) {
            const sol = solveFloor(project, flags.floor, { ...options, ...at });
            const written =
              flags.replay === undefined
                ? undefined
                : fromStart(at.x, at.y)
                  ? await writeReplay(ctx, project, flags, sol.route, options.hero)
                  : notFromStart(project);
            const offer = solveOffer(project, flags.floor, sol, { ...options, ...at });
            ctx.output(
              {
                ...solutionJson(sol),
                ...(offer !== undefined ? { offer: offerJson(offer) } : {}),
                ...(written ? { replay: written.replay } : {}),
              },
              () =>
                [
                  ...head,
                  solutionText(sol, title),
                  ...offerText(offer, project, dir, flags.floor, at),
                  ...(written?.lines ?? []),
                ].join('\n'),
            );
            return;
          }
          const plans = solveFloorArrivals(project, flags.floor, options);
          const first = plans.find((p) => p.solution !== undefined)?.solution;
          if (first === undefined) {
            const why =
              plans.length === 0
                ? 'no start, stair, portal or event leads onto it'
                : plans.map((p) => `(${p.arrival.x},${p.arrival.y}): ${p.error ?? ''}`).join('; ');
            throw new CommandFailure(
              `floor ${flags.floor} is unreachable: ${why} (give --hero-x and --hero-y)`,
            );
          }
          const startPlan = plans.find((p) => fromStart(p.arrival.x, p.arrival.y))?.solution;
          const written =
            flags.replay === undefined
              ? undefined
              : startPlan !== undefined
                ? await writeReplay(ctx, project, flags, startPlan.route, options.hero)
                : notFromStart(project);
          const firstCell = plans.find((p) => p.solution !== undefined)?.arrival;
          const offer =
            firstCell === undefined
              ? undefined
              : solveOffer(project, flags.floor, first, {
                  ...options,
                  x: firstCell.x,
                  y: firstCell.y,
                  arrival: true,
                });
          const json = {
            ...arrivalPlansJson(first, plans),
            ...(offer !== undefined ? { offer: offerJson(offer) } : {}),
            ...(written ? { replay: written.replay } : {}),
          };
          ctx.output(json, () =>
            [
              ...head,
              ...plans.map((p) =>
                [
                  `== ${arrivalText(p.arrival)}`,
                  p.solution !== undefined
                    ? solutionText(p.solution, title)
                    : `no plan: ${p.error}`,
                ].join('\n'),
              ),
              ...(offer !== undefined
                ? [offerText(offer, project, dir, flags.floor, firstCell).join('\n')]
                : []),
              ...(written !== undefined ? [written.lines.join('\n')] : []),
            ].join('\n\n'),
          );
        });
      },
    );

    replayOptions(
      heroOptions(
        group
          .command('plan')
          .description(
            'plan the whole tower floor by floor in play order, carrying HP, ATK, DEF, MDEF and keys',
          )
          .argument('<project-dir>', 'the tower folder or its project/ folder')
          .option('--floor-work <n>', 'positions each floor’s exact search may look at')
          .option('--max-work <n>', 'positions all floors’ searches together may look at')
          .option('--max-states <n>', 'positions a search may hold in memory', '4000000')
          .option(
            '--max-ms <ms>',
            'stop the whole plan after this many milliseconds (one deadline for every floor)',
          )
          .option('--tower-code', TOWER_CODE_HELP),
      ),
    ).action(
      async (
        dir: string,
        flags: HeroFlags &
          ReplayFlags & {
            floorWork?: string;
            maxWork?: string;
            maxStates: string;
            maxMs?: string;
            towerCode?: boolean;
          },
      ) => {
        const { maxWork, maxMs } = budgetFlags(flags);
        const maxStates = intOption('--max-states', flags.maxStates, 1);
        const floorWork =
          flags.floorWork === undefined ? undefined : intOption('--floor-work', flags.floorWork, 0);
        if (flags.probe === true)
          throw new UsageError('--probe is per floor; the whole-tower plan carries the real hero');
        await withTowerCode(ctx, dir, flags.towerCode === true, async (project, sandbox) => {
          const keys = keysFrom(project, flags);
          const progress = ctx.json
            ? { update: () => undefined, stop: () => undefined }
            : ctx.progress('planning floors', project.floorIds.length);
          let plan: TowerPlan;
          try {
            plan = planTower(project, {
              hero: heroFrom(project, project.start.floorId, flags),
              ...(keys !== undefined ? { keys } : {}),
              budget: {
                maxStates,
                ...(maxWork === undefined ? {} : { maxWork }),
                ...(maxMs === undefined ? {} : { maxMs }),
              },
              ...(floorWork === undefined ? {} : { floorWork }),
              ...(sandbox !== undefined ? { towerDamage: sandbox } : {}),
              onProgress: (done, total) => progress.update(done, total),
            });
          } finally {
            progress.stop();
          }
          const head = towerCodeHead(project, sandbox);
          const replay = flags.replay === undefined ? undefined : towerReplay(project, plan);
          if (replay !== undefined && replay.floors.length === 0)
            throw new UsageError(`--replay: ${replay.stopped ?? 'no floor to replay'}`);
          const written =
            replay === undefined
              ? undefined
              : await writeReplay(
                  ctx,
                  project,
                  flags,
                  replay.moves,
                  plan.floors[0]?.heroIn ?? project.hero,
                  towerReplayJson(replay),
                );
          ctx.output(
            { ...planJson(plan, project), ...(written ? { replay: written.replay } : {}) },
            () =>
              [
                ...head,
                planText(plan, project, dir),
                ...planTowerCodeText(plan),
                ...(written !== undefined && replay !== undefined
                  ? ['', ...written.lines, ...replayText(replay)]
                  : []),
              ].join('\n'),
          );
        });
      },
    );

    group
      .command('order')
      .description('best order of an abstract tree {"nodes":[{"id","parent","a","g"}]} (Horn)')
      .argument('<tree.json>', 'a = defence saving of a node, g = the defence its gems give')
      .action(async (file: string) => {
        const tree = parseTree(await ctx.readText(file), file);
        const sol = solveTree(tree);
        ctx.output(sol, () =>
          [
            `order: ${sol.order.join(' ')}`,
            `objective Σ a_u·g_v (u before v): ${sol.objective}`,
            'optimal: yes (Horn’s algorithm is exact on trees)',
          ].join('\n'),
        );
      });
  },

  async demo(ctx: Context): Promise<DemoSection> {
    const dir = await findFixtureTower();
    if (dir === null) {
      const tree = {
        nodes: [
          { id: 0, parent: -1, a: 0, g: 0 },
          { id: 1, parent: 0, a: 10, g: 1 },
          { id: 2, parent: 1, a: 1, g: 30 },
          { id: 3, parent: 0, a: 5, g: 5 },
          { id: 4, parent: 3, a: 4, g: 9 },
        ],
      };
      const sol = solveTree(tree);
      return {
        title: 'mota-bluegem',
        text: [
          'fixture tower not found (fixtures/mota in the repository): solving an abstract tree instead',
          `order ${sol.order.join(' ')}, objective ${sol.objective}, optimal`,
        ].join('\n'),
        data: { fixture: false, ...sol },
      };
    }
    const project = await readProject(ctx, dir);
    const hero = probeHero(project, DEMO_FLOOR);
    const sol = solveFloor(project, DEMO_FLOOR, { hero });
    const saved = sol.greedyDamage - sol.modelDamage;
    const text = [
      `${project.title} ${DEMO_FLOOR} (a real community tower), with a hero strong enough to fight everything on the floor (attack ${hero.atk}, defence ${hero.def}):`,
      `${sol.gateCount} groups of monsters guarding rooms, ${sol.tree ? 'each room reached one way' : 'some rooms reached more than one way'}; ${sol.method} search, ${num(sol.work)} positions searched, best order proven: ${sol.optimal ? 'yes' : `no — ${sol.why ?? ''}`}`,
      `best order: ${sol.order.map((o) => `(${o.x},${o.y})`).join(' ')}`,
      `counting gem defence only: this order ${num(sol.modelDamage)} damage vs ${num(sol.greedyDamage)} for a greedy order (the order saves ${num(saved)})`,
      `walked and simulated: ${num(sol.totalDamage)} damage, HP left ${num(sol.hpLeft)} (potions and attack items on the way count too; not comparable with the two figures above); the quick estimate (a fixed saving per defence point) says ${num(sol.predictedDamage)}${sol.linearMatched ? ', the same' : ', not the same: trust the simulation'}`,
      `route ${sol.route.length} moves: ${sol.route.slice(0, 60)}${sol.route.length > 60 ? '…' : ''}`,
      `monsters whose damage does not fall by a fixed amount per defence point: ${sol.nonlinear.length}; attack items on the floor: ${sol.attackItems.length}`,
    ].join('\n');
    return { title: 'mota-bluegem', text, data: { fixture: true, ...solutionJson(sol) } };
  },
};
