import type { Command } from 'commander';
import { CommandFailure, type Context } from './context.js';
import { coreDemo } from './core-demo.js';
import type { DemoSection, GameEntry } from './games/types.js';

/** `puzzlekit demo`: the showcase. Every game generates, solves and rates something real. */
export function registerDemo(program: Command, ctx: Context, registry: readonly GameEntry[]): void {
  program
    .command('demo')
    .description('showcase: every package generates, solves and rates something real')
    .action(async () => {
      const sections: DemoSection[] = [];
      const failures: string[] = [];
      const all = [
        () => coreDemo(),
        ...registry.flatMap((entry) => {
          const demo = entry.demo?.bind(entry);
          return demo === undefined ? [] : [() => demo(ctx)];
        }),
      ];
      for (const make of all) {
        const t0 = performance.now();
        try {
          const section = await make();
          sections.push(section);
          if (!ctx.json) {
            const ms = (performance.now() - t0).toFixed(0);
            ctx.io.writeOut(
              `\n━━ ${section.title} (${ms} ms) ━━\n\n${section.text.replace(/\n*$/, '\n')}`,
            );
          }
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          failures.push(message);
          ctx.io.writeErr(`demo section failed: ${message}\n`);
        }
      }
      if (ctx.json) {
        ctx.io.writeOut(
          `${JSON.stringify({ sections: sections.map((s) => ({ title: s.title, data: s.data })) }, null, 2)}\n`,
        );
      }
      if (failures.length > 0)
        throw new CommandFailure(`${failures.length} demo section(s) failed`);
    });
}
