// Figures on real towers that are not part of the repository (their licences mostly do not allow
// copying them): every sub-folder of the folder given (argument, else $MOTA_TOWERS) that holds a tower
// is read and each listed floor is planned once per arrival cell with the survey hero under the
// descriptor's default solve budget. Nothing of the towers is written anywhere.
//
//   pnpm exec tsx --conditions=@puzzlekit/source bench/real-towers.ts /path/to/towers [--only name]
//
// A tower that cannot be read ends in one line (the typed error); anything else is printed as a crash,
// which is a bug of this package.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cpuUsage } from 'node:process';
import { isPuzzlekitError } from '@puzzlekit/errors';
import { game, probeHero, solveFloorArrivals, type Project } from '../src/index.js';
import { readProjectDir } from '../src/node.js';

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
  readonly errors: string[];
  readonly cpuPerFloor: number[];
}

/** Plans every listed floor once per arrival cell with the survey hero, under the default budget. */
function survey(project: Project): TowerFigures {
  const figures: TowerFigures = {
    floors: project.floorIds.length,
    started: 0,
    solved: 0,
    proven: 0,
    custom: 0,
    errors: [],
    cpuPerFloor: [],
  };
  let { started, solved, proven, custom } = figures;
  for (const id of project.floorIds) {
    const cpu0 = cpuUsage();
    let plans;
    try {
      plans = solveFloorArrivals(project, id, {
        hero: probeHero(project, id),
        budget: game.solve!.budget,
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
    if (solutions.some((s) => s?.approximate === true)) custom++;
  }
  return { ...figures, started, solved, proven, custom };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
};

console.log(
  `real towers in ${folder}; load average at start ${load()}; ${new Date().toISOString()}`,
);
console.log(
  '| tower | read | damage code | floors listed | started | solved | proven | custom damage (not proven) | skipped files | CPU a floor: median / worst ms | load |',
);
console.log('| --- | --- | --- | --: | --: | --: | --: | --: | --: | --: | --- |');
const towers = readdirSync(folder)
  .filter((name) => statSync(join(folder, name)).isDirectory() && name !== 'tools')
  .filter((name) => only === undefined || name === only)
  .sort();
for (const name of towers) {
  let project: Project;
  try {
    project = await readProjectDir(join(folder, name));
  } catch (error) {
    console.log(
      `| ${name} | ${oneLine(error).replaceAll('|', '\\|')} | | | | | | | | | ${load()} |`,
    );
    continue;
  }
  const code = project.engine.damageCode;
  const figures = survey(project);
  const cpu = figures.cpuPerFloor;
  console.log(
    `| ${name} | ok | ${code.status}${code.releases.length > 0 ? ` ${code.releases.join('/')}` : ''} | ${figures.floors} | ${figures.started} | ${figures.solved} | ${figures.proven} | ${figures.custom} | ${project.skipped.length} | ${median(cpu).toFixed(0)} / ${Math.max(0, ...cpu).toFixed(0)} | ${load()} |`,
  );
  for (const line of figures.errors) console.log(`  floor error ${line}`);
  for (const skipped of project.skipped)
    console.log(`  skipped ${skipped.file}: ${skipped.reason}`);
}
