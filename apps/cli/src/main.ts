import { Command } from "commander";
import { disconnectPrisma } from "@arena/db";

/**
 * `arena` — every subcommand lives in ./commands/<name>.ts and exports `register(program)`.
 * Commands print human output by default and machine output with --json.
 */
const program = new Command("arena")
  .description("DR Arena: adaptive head-to-head evaluation of Deep Research agents")
  .showHelpAfterError();

interface CommandModule {
  register(program: Command): void;
}

// One line per command module; each helper adds its own.
const modules: CommandModule[] = await Promise.all([
  import("./commands/tree"),
  import("./commands/sandbox"),
  import("./commands/world"),
  import("./commands/agent"),
  import("./commands/ratings"),
  import("./commands/replay"),
  import("./commands/examiner"),
  import("./commands/tree-crawl"),
  import("./commands/match"),
  import("./commands/demo"),
  import("./commands/tournament"),
  import("./commands/simulate"),
]);
for (const m of modules) m.register(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  console.error(`arena: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = process.exitCode || 1;
} finally {
  await disconnectPrisma();
}
