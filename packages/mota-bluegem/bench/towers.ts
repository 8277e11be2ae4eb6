// Survey of the four fixture towers: floors started, solved and proven per arrival cell (survey hero),
// and the whole-tower plan with the game's own hero. `pnpm exec tsx bench/towers.ts`.
import { cpuUsage } from 'node:process';
import { readFileSync } from 'node:fs';
import { readProjectDir } from '../src/node.js';
import { planTower, probeHero, solveFloorArrivals } from '../src/index.js';

const towers = ['template', 'only-up', 'fate-splendor', 'shengqishi'];
console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
for (const name of towers) {
  const load0 = cpuUsage();
  const project = await readProjectDir(
    new URL(`../../../fixtures/mota/${name}`, import.meta.url).pathname,
  );
  const loadMs = (cpuUsage(load0).user + cpuUsage(load0).system) / 1000;
  const cpu0 = cpuUsage();
  let started = 0;
  let plans = 0;
  let solved = 0;
  let proven = 0;
  let searchProven = 0;
  let gaveUp = 0;
  let errors = 0;
  let approximate = 0;
  for (const id of project.floorIds) {
    let arrivalPlans;
    try {
      arrivalPlans = solveFloorArrivals(project, id, {
        hero: probeHero(project, id),
        budget: { maxStates: 200_000, maxMs: 5_000 },
      });
    } catch (error) {
      console.log(`  ${id}: ${String(error)}`);
      continue;
    }
    if (arrivalPlans.length > 0) started++;
    for (const { solution, error } of arrivalPlans) {
      plans++;
      if (solution === undefined) {
        errors++;
        console.log(`  ${id}: ${error}`);
        continue;
      }
      if (solution.method !== 'greedy') solved++;
      else gaveUp++;
      if (solution.optimal) proven++;
      if (solution.searchProven) searchProven++;
      if (solution.approximate) approximate++;
    }
  }
  const perFloorMs = (cpuUsage(cpu0).user + cpuUsage(cpu0).system) / 1000;
  const cpu1 = cpuUsage();
  const plan = planTower(project, { budget: { maxStates: 200_000, maxMs: 60_000 } });
  const planMs = (cpuUsage(cpu1).user + cpuUsage(cpu1).system) / 1000;
  console.log(
    `${name} (${project.version}; fields ${project.engine.fields}: ${project.engine.evidence}; damage code ${project.engine.damageCode.status}${project.engine.damageCode.releases.length > 0 ? ` = ${project.engine.damageCode.releases.join('/')}` : ''})`,
  );
  console.log(
    `  floors ${project.floorIds.length}, started ${started}, plans (one per arrival cell) ${plans}, solved ${solved} (gave up ${gaveUp}), order proven by the search ${searchProven}, proven optimal and survived ${proven}, custom damage (approximate) ${approximate}, arrival cells without a plan ${errors}; CPU ${Math.round(perFloorMs)} ms (${(perFloorMs / Math.max(1, project.floorIds.length)).toFixed(1)} ms a floor); reading the tower ${Math.round(loadMs)} ms; load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
  console.log(
    `  whole-tower plan, game hero: planned ${plan.totals.planned}, unreachable ${plan.totals.unreachable}, proven ${plan.totals.proven}, approximate ${plan.totals.approximate}, damage ${plan.totals.damage}${plan.stopped ? `, stopped: ${plan.stopped}` : ''}; CPU ${Math.round(planMs)} ms`,
  );
}
