import { describe, expect, it } from 'vitest';
import { loadProject } from '../format/project.js';
import { solveFloor } from '../solve/floor.js';
import { fixtureTower } from '../testing/fixtures.js';
import { syntheticTower } from '../testing/synthetic.js';
import { offerHero } from './offer.js';
import { planTower } from './tower.js';

describe('offerHero: the smallest raise with which a stuck hero fights', () => {
  it('raises attack just above the only monster in the way (checked by hand)', () => {
    // blackSlime: HP 200, attack 35, defence 5. With attack 6 the hero hits for 1 a round (200
    // rounds); with defence 40 he takes nothing: attack 6 is all he needs.
    const project = loadProject(
      syntheticTower(
        { F: { picture: ['######', '#@.Eb#', '######'] } },
        { hero: { hp: 1000, atk: 3, def: 40 } },
      ),
    );
    const offer = offerHero(project, 'F', { hero: project.hero, x: 1, y: 1 });
    expect(offer?.at).toEqual({ atk: 6 });
    expect(offer?.reason).toBe(
      'on F the hero has attack 3 and cannot damage the monsters next to where he can walk; the lowest defence among them is 5 (blackSlime at (3,1)): attack 6',
    );
    const again = solveFloor(project, 'F', { hero: { ...project.hero, atk: 6 }, x: 1, y: 1 });
    expect(again.fights.map((f) => f.damage)).toEqual([0]);
  });

  it('raises attack, then the HP the fight costs plus one (checked by hand)', () => {
    // bigBat: HP 500, attack 500, defence 500. Attack 501 hits for 1: 500 rounds, the bat strikes
    // 499 times for 500 − 10 = 490, 244,510 damage; the engine refuses a fight costing HP or more.
    const project = loadProject(
      syntheticTower(
        { F: { picture: ['######', '#@.Xb#', '######'] } },
        { hero: { hp: 1000, atk: 100, def: 10 } },
      ),
    );
    const offer = offerHero(project, 'F', { hero: project.hero, x: 1, y: 1 });
    expect(offer?.at).toEqual({ atk: 501, hp: 244_511 });
    expect(offer?.reason).toMatch(
      /attack 501; then the hero has HP 1,000 at the plan's first fight, bigBat at \(3,1\), which costs 244,510 damage .*: HP 244,511$/,
    );
    const plan = planTower(project, { hero: offer?.heroAtFloor });
    expect(plan.floors[0]?.fights).toBe(1);
    expect(plan.floors[0]?.heroOut.hp).toBe(1);
    expect(plan.stopped).toBeUndefined();
    // one HP less and the engine refuses the fight
    const short = planTower(project, { hero: { ...project.hero, atk: 501, hp: 244_510 } });
    expect(short.stopped).toMatch(/damage 244,510 ≥ HP 244,510/);
  });

  it('offers nothing where no attack helps (a mimic copies the hero) or the hero is not stuck', () => {
    const mimic = loadProject(
      syntheticTower(
        { F: { picture: ['######', '#@.Xb#', '######'] } },
        {
          hero: { hp: 1000, atk: 100, def: 10 },
          enemies: { bigBat: { name: 'X', hp: 500, atk: 0, def: 0, special: [10] } },
        },
      ),
    );
    expect(offerHero(mimic, 'F', { hero: mimic.hero, x: 1, y: 1 })).toBeUndefined();
    const fine = loadProject(
      syntheticTower(
        { F: { picture: ['######', '#@.Eb#', '######'] } },
        { hero: { hp: 1000, atk: 100, def: 40 } },
      ),
    );
    expect(offerHero(fine, 'F', { hero: fine.hero, x: 1, y: 1 })).toBeUndefined();
  });

  it('on the fixture tower: the starting hero proves nothing and is offered the HP for his first fight', async () => {
    const onlyUp = await fixtureTower('only-up');
    const plan = planTower(onlyUp);
    expect(plan.totals.proven).toBe(0);
    // blackSlime: HP 41, attack 9, defence 0; attack 1 takes 41 rounds, 40 strikes of 9: 360.
    expect(plan.offer?.reason).toBe(
      "on MT1 the hero has HP 101 at the plan's first fight, blackSlime at (8,7), which costs 360 damage with attack 1 and defence 0 (the engine refuses a fight that costs his HP or more): HP 361: plan with HP 361",
    );
    expect(plan.offer?.hero).toEqual({ ...onlyUp.hero, hp: 361 });
    const offered = planTower(onlyUp, { hero: plan.offer?.hero });
    expect(offered.floors[0]?.fights).toBeGreaterThan(0);
    expect(offered.floors[0]?.damage).toBe(360);
  });
});
