import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import {
  collectProjectFiles,
  floorSummary,
  loadProject,
  parseTree,
  probeHero,
  solveFloor,
  solveTree,
  type FloorSolution,
  type HeroStats,
  type Project,
} from '@puzzlekit/mota-bluegem';
import { type Context, intOption, numberOption, UsageError } from '../context.js';
import type { DemoSection, GameModule } from './types.js';

/** Reads a project folder (the tower folder or its `project` folder) through the CLI's file access. */
async function readProject(ctx: Context, dir: string): Promise<Project> {
  let root = join(dir, 'project');
  try {
    await ctx.io.readText(join(root, 'data.js'));
  } catch {
    root = dir;
  }
  const files = await collectProjectFiles((path) => ctx.readText(join(root, path)));
  return loadProject(files);
}

interface HeroFlags {
  hp?: string;
  atk?: string;
  def?: string;
  mdef?: string;
  probe?: boolean;
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
    .option('--probe', 'raise attack to 2 × the floor’s highest monster defence + 1 (survey mode)');
}

/** The solve result as the issue's JSON shape (plus the details). */
function solutionJson(sol: FloorSolution): Record<string, unknown> {
  return {
    floor: sol.floorId,
    order: sol.order.map((o) => ({ x: o.x, y: o.y, enemy: o.id })),
    route: sol.route,
    totalDamage: sol.totalDamage,
    hpLeft: sol.hpLeft,
    optimal: sol.optimal,
    nonlinear: sol.nonlinear.map((m) => ({
      x: m.x,
      y: m.y,
      enemy: m.id,
      reasons: m.flags.map((f) => f.code),
    })),
    method: sol.method,
    ...(sol.why !== undefined ? { why: sol.why } : {}),
    states: sol.states,
    tree: sol.tree,
    gates: sol.gateCount,
    finalDefence: sol.finalHero.def,
    predictedDamage: sol.predictedDamage,
    linearMatched: sol.linearMatched,
    modelDamage: sol.modelDamage,
    greedyDamage: sol.greedyDamage,
    survived: sol.survived,
    doorsOpened: sol.doorsOpened,
    fights: sol.fights.map((f) => ({
      step: f.step,
      x: f.x,
      y: f.y,
      enemy: f.id,
      def: f.def,
      damage: f.damage,
      predicted: f.predicted,
      hp: f.hp,
    })),
    unbeatable: sol.unbeatable.map((u) => ({ x: u.x, y: u.y, enemy: u.id })),
    notes: [...sol.notes, ...sol.routeNotes],
  };
}

function solutionText(sol: FloorSolution, title: string): string {
  const lines = [
    `floor ${sol.floorId} (${title}): ${sol.gateCount} guard group(s), ${sol.tree ? 'a tree' : 'with cycles'}, ${sol.totalReward} defence to collect`,
    `method: ${sol.method}${sol.states > 0 ? ` (${sol.states} states)` : ''}; optimal: ${sol.optimal ? 'yes (proven)' : `no — ${sol.why ?? ''}`}`,
    `simulated damage ${sol.totalDamage} (linear prediction ${sol.predictedDamage}${sol.linearMatched ? ', matched' : ', differs'})`,
    `counting gem defence only: this order ${sol.modelDamage}, a greedy order ${sol.greedyDamage}`,
    `HP left ${sol.hpLeft}${sol.survived ? '' : ' — the hero does not survive this floor with these numbers'}`,
    '',
    'fights (step: cell enemy  defence → damage, HP after):',
    ...sol.fights.map(
      (f) =>
        `  ${String(f.step).padStart(4)}: (${f.x},${f.y}) ${f.id}  def ${f.def} → ${f.damage}, HP ${f.hp}`,
    ),
    '',
    `route: ${sol.route === '' ? '(none)' : sol.route}`,
  ];
  if (sol.nonlinear.length > 0) {
    lines.push('', 'not linear in defence:');
    for (const m of sol.nonlinear)
      lines.push(`  (${m.x},${m.y}) ${m.id}: ${m.flags.map((f) => f.reason).join('; ')}`);
  }
  if (sol.unbeatable.length > 0)
    lines.push(
      '',
      `cannot be damaged (walls): ${sol.unbeatable.map((u) => `(${u.x},${u.y}) ${u.id}`).join(', ')}`,
    );
  const notes = [...sol.notes, ...sol.routeNotes];
  if (notes.length > 0) lines.push('', ...notes.map((n) => `note: ${n}`));
  return lines.join('\n');
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
export const mota: GameModule = {
  register(program: Command, ctx: Context) {
    const group = program
      .command('mota')
      .description('H5 Magic Tower: the fight order that takes the least damage (blue-gem theory)');

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
      ctx.output({ title: project.title, version: project.version, floors: rows }, () => {
        const head = `${project.title} (${project.version}), ${rows.length} floors`;
        const header =
          'floor      size   monsters gems gates shape     defence  non-linear unbeatable atk-items';
        const body = rows.map(
          (r) =>
            `${r.floorId.padEnd(10)} ${`${r.width}x${r.height}`.padEnd(6)} ${String(r.monsters).padStart(8)} ${String(r.gems).padStart(4)} ${String(r.gates).padStart(5)} ${r.shape.padEnd(9)} ${String(r.reachableDefence).padStart(8)} ${String(r.nonlinear).padStart(10)} ${String(r.unbeatable).padStart(10)} ${String(r.attackItems).padStart(9)}`,
        );
        return [head, '', header, ...body].join('\n');
      });
    });

    heroOptions(
      group
        .command('solve')
        .description('best fight order of a floor, a walking route and its simulation')
        .argument('<project-dir>', 'the tower folder or its project/ folder')
        .requiredOption('--floor <id>', 'floor id, such as MT1')
        .option('--hero-x <x>', 'hero x (default: start cell, else the down stair)')
        .option('--hero-y <y>', 'hero y')
        .option(
          '--max-states <n>',
          'state budget of the exact search on floors with cycles',
          '2000000',
        ),
    ).action(
      async (
        dir: string,
        flags: HeroFlags & { floor: string; heroX?: string; heroY?: string; maxStates: string },
      ) => {
        const project = await readProject(ctx, dir);
        if (project.floors[flags.floor] === undefined)
          throw new UsageError(`no floor '${flags.floor}' (have ${project.floorIds.join(', ')})`);
        if ((flags.heroX === undefined) !== (flags.heroY === undefined))
          throw new UsageError('give both --hero-x and --hero-y');
        const sol = solveFloor(project, flags.floor, {
          hero: heroFrom(project, flags.floor, flags),
          maxStates: intOption('--max-states', flags.maxStates, 1),
          ...(flags.heroX !== undefined && flags.heroY !== undefined
            ? { x: intOption('--hero-x', flags.heroX, 0), y: intOption('--hero-y', flags.heroY, 0) }
            : {}),
        });
        ctx.output(solutionJson(sol), () =>
          solutionText(sol, project.floors[flags.floor]?.title ?? flags.floor),
        );
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
    const read = async (path: string): Promise<string> => ctx.io.readText(join(dir, path));
    const project = loadProject(await collectProjectFiles(read));
    const hero = probeHero(project, DEMO_FLOOR);
    const sol = solveFloor(project, DEMO_FLOOR, { hero });
    const saved = sol.greedyDamage - sol.modelDamage;
    const text = [
      `${project.title} ${DEMO_FLOOR} (the real community tower), survey hero atk ${hero.atk} def ${hero.def}:`,
      `${sol.gateCount} guard groups, ${sol.tree ? 'a tree' : 'with cycles'}; ${sol.method} search, ${sol.states} states, optimal: ${sol.optimal}`,
      `best order: ${sol.order.map((o) => `(${o.x},${o.y})`).join(' ')}`,
      `damage by gem defence: ${sol.modelDamage} vs ${sol.greedyDamage} for a greedy order (the order saves ${saved})`,
      `walked and simulated: ${sol.totalDamage} damage (potions and attack items on the way count too); linear model ${sol.linearMatched ? 'matched' : `predicted ${sol.predictedDamage}`}`,
      `route ${sol.route.length} moves: ${sol.route.slice(0, 60)}${sol.route.length > 60 ? '…' : ''}`,
      `non-linear monsters: ${sol.nonlinear.length}; attack items on the floor: ${sol.attackItems.length}`,
    ].join('\n');
    return { title: 'mota-bluegem', text, data: { fixture: true, ...solutionJson(sol) } };
  },
};
