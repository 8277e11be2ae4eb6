// Figures on real towers that are not part of the repository (their licences mostly do not allow
// copying them): every sub-folder of the folder given (argument, else $MOTA_TOWERS) that holds a tower
// is read and each floor is planned once per arrival cell with the survey hero under the descriptor's
// default solve budget; on towers with custom damage code, each plan's damages are also asked of the
// tower's own functions.js in the QuickJS sandbox (openTowerDamage). Nothing of the towers is
// written anywhere.
//
//   pnpm exec tsx --conditions=@puzzlekit/source bench/real-towers.ts /path/to/towers [--only name]
//
// A tower that cannot be read ends in one line (the typed error); anything else is printed as a crash,
// which is a bug of this package.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cpuUsage } from 'node:process';
import { isPuzzlekitError } from '@puzzlekit/errors';
import {
  game,
  loadProject,
  openTowerDamage,
  probeHero,
  solveFloorArrivals,
  type Project,
  type TowerDamageSandbox,
} from '../src/index.js';
import { readProjectFiles } from '../src/node.js';

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const folder =
  args.find((a, i) => !a.startsWith('--') && i !== onlyAt + 1) ?? process.env.MOTA_TOWERS;
if (folder === undefined || folder === '') {
  console.log('real-towers: no folder of towers given (argument or $MOTA_TOWERS): skipped');
  process.exit(0);
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const oneLine = (error: unknown): string =>
  isPuzzlekitError(error)
    ? `${error.name}: ${error.message}`
    : `CRASH ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;

interface TowerFigures {
  readonly floors: number;
  readonly started: number;
  readonly solved: number;
  readonly proven: number;
  readonly custom: number;
  /** Custom-code floors with at least one damage to check (a monster in reach or a fight). */
  readonly checked: number;
  /** Of those, floors where the tower's own code confirmed every damage (may then be proven). */
  readonly confirmed: number;
  /** Monsters (per plan) whose damage came from the tower's code / could not be computed / differ. */
  readonly fromTower: number;
  readonly notComputable: number;
  readonly differs: number;
  readonly errors: string[];
  /** Why monsters were not computable or differed, by reason (first 100 characters), with counts. */
  readonly reasons: Map<string, number>;
  readonly cpuPerFloor: number[];
}

/** Plans every listed floor once per arrival cell with the survey hero, under the default budget. */
function survey(project: Project, towerDamage: TowerDamageSandbox | undefined): TowerFigures {
  const figures: TowerFigures = {
    floors: project.floorIds.length,
    started: 0,
    solved: 0,
    proven: 0,
    custom: 0,
    checked: 0,
    confirmed: 0,
    fromTower: 0,
    notComputable: 0,
    differs: 0,
    errors: [],
    reasons: new Map(),
    cpuPerFloor: [],
  };
  let { started, solved, proven, custom, checked, confirmed, fromTower, notComputable, differs } =
    figures;
  for (const id of project.floorIds) {
    const cpu0 = cpuUsage();
    let plans;
    try {
      plans = solveFloorArrivals(project, id, {
        hero: probeHero(project, id),
        budget: game.solve!.budget,
        ...(towerDamage !== undefined ? { towerDamage } : {}),
      });
    } catch (error) {
      figures.errors.push(`${id}: ${oneLine(error)}`);
      continue;
    } finally {
      figures.cpuPerFloor.push(cpuMs(cpu0));
    }
    if (plans.length === 0) continue;
    started++;
    const solutions = plans.map((plan) => plan.solution);
    // solved: every arrival cell has a plan whose search finished (or was not needed)
    if (solutions.every((s) => s !== undefined && s.outcome.kind === 'solved')) solved++;
    if (solutions.every((s) => s?.optimal === true)) proven++;
    if (project.engine.damageCode.status === 'custom') {
      custom++;
      if (solutions.some((s) => (s?.towerCode?.monsters.length ?? 0) > 0)) {
        checked++;
        if (solutions.every((s) => s?.towerCode?.confirmed === true)) confirmed++;
      }
      for (const m of solutions.flatMap((s) => s?.towerCode?.monsters ?? [])) {
        if (m.source === 'tower') fromTower++;
        else {
          if (m.source === 'differs') differs++;
          else notComputable++;
          const why = `${m.source}: ${(m.reason ?? '').replace(/defence \d+.*/, 'at some defence').slice(0, 100)}`;
          figures.reasons.set(why, (figures.reasons.get(why) ?? 0) + 1);
        }
      }
    }
  }
  return {
    ...figures,
    started,
    solved,
    proven,
    custom,
    checked,
    confirmed,
    fromTower,
    notComputable,
    differs,
  };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
};

console.log(
  `real towers in ${folder}; load average at start ${load()}; ${new Date().toISOString()}`,
);
console.log(
  '| tower | read | damage code | floors read | started | solved | proven | custom code: floors / with damages / all confirmed by its code | monsters: from its code / not computable / differ | skipped files | sandbox load ms | CPU a floor: median / worst ms | load |',
);
console.log('| --- | --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- |');
const towers = readdirSync(folder)
  .filter((name) => statSync(join(folder, name)).isDirectory() && name !== 'tools')
  .filter((name) => only === undefined || name === only)
  .sort();
for (const name of towers) {
  let project: Project;
  let files;
  try {
    files = await readProjectFiles(join(folder, name));
    project = loadProject(files);
  } catch (error) {
    console.log(
      `| ${name} | ${oneLine(error).replaceAll('|', '\\|')} | | | | | | | | | | | ${load()} |`,
    );
    continue;
  }
  const code = project.engine.damageCode;
  const cpu0 = cpuUsage();
  const sandbox = code.status === 'custom' ? await openTowerDamage(files, project) : undefined;
  const sandboxMs = cpuMs(cpu0);
  let figures: TowerFigures;
  try {
    figures = survey(project, sandbox);
  } finally {
    sandbox?.dispose();
  }
  const cpu = figures.cpuPerFloor;
  const custom =
    code.status === 'custom'
      ? `${figures.custom} / ${figures.checked} / ${figures.confirmed}${sandbox?.loadError !== undefined ? ` (${sandbox.loadError})` : ''}`
      : '—';
  const monsters =
    code.status === 'custom'
      ? `${figures.fromTower} / ${figures.notComputable} / ${figures.differs}`
      : '—';
  console.log(
    `| ${name} | ok | ${code.status}${code.releases.length > 0 ? ` ${code.releases.join('/')}` : ''} | ${figures.floors} | ${figures.started} | ${figures.solved} | ${figures.proven} | ${custom} | ${monsters} | ${project.skipped.length} | ${sandbox === undefined ? '—' : sandboxMs.toFixed(0)} | ${median(cpu).toFixed(0)} / ${Math.max(0, ...cpu).toFixed(0)} | ${load()} |`,
  );
  const reasons = [...figures.reasons].sort((a, b) => b[1] - a[1]).slice(0, 4);
  for (const [why, count] of reasons) console.log(`  ${count} × ${why}`);
  for (const line of figures.errors) console.log(`  floor error ${line}`);
  for (const skipped of project.skipped)
    console.log(`  skipped ${skipped.file}: ${skipped.reason}`);
}
