import { Command } from "commander";

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

/**
 * Command modules by top-level command name. Only the invoked command's modules are loaded; help and
 * unknown commands load all, which is cheap: a module registers its options and imports its packages
 * (Prisma, BullMQ, the OpenAI SDK...) only when its action runs.
 */
const COMMANDS: Record<string, Array<() => Promise<CommandModule>>> = {
  tree: [() => import("./commands/tree"), () => import("./commands/tree-crawl")],
  sandbox: [() => import("./commands/sandbox")],
  world: [() => import("./commands/world")],
  agent: [() => import("./commands/agent")],
  ratings: [() => import("./commands/ratings")],
  replay: [() => import("./commands/replay")],
  examiner: [() => import("./commands/examiner")],
  match: [() => import("./commands/match")],
  demo: [() => import("./commands/demo")],
  tournament: [() => import("./commands/tournament")],
  simulate: [() => import("./commands/simulate")],
  web: [() => import("./commands/web")],
  user: [() => import("./commands/user")],
  leaderboard: [() => import("./commands/leaderboard")],
  score: [() => import("./commands/score")],
};
/** Commands that work on files only: they need not load the database client at all. */
const FILE_ONLY = new Set(["ratings", "replay", "web"]);
const loaders = COMMANDS[process.argv[2] ?? ""] ?? Object.values(COMMANDS).flat();
const modules = await Promise.all(loaders.map((load) => load()));
for (const m of modules) m.register(program);
/** Command modules import their packages inside the action, so help and usage errors load none. */
let acted = false;
program.hook("preAction", () => {
  acted = true;
});

try {
  await program.parseAsync(process.argv);
} catch (err) {
  console.error(`arena: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = process.exitCode || 1;
} finally {
  if (acted && !FILE_ONLY.has(process.argv[2] ?? "")) await (await import("@arena/db")).disconnectPrisma();
}
