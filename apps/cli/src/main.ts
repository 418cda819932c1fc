import { Command } from "commander";
import * as agent from "./commands/agent";
import * as demo from "./commands/demo";
import * as examiner from "./commands/examiner";
import * as leaderboard from "./commands/leaderboard";
import * as match from "./commands/match";
import * as ratings from "./commands/ratings";
import * as replay from "./commands/replay";
import * as sandbox from "./commands/sandbox";
import * as schedule from "./commands/schedule";
import * as score from "./commands/score";
import * as source from "./commands/source";
import * as simulate from "./commands/simulate";
import * as tournament from "./commands/tournament";
import * as tree from "./commands/tree";
import * as treeCrawl from "./commands/tree-crawl";
import * as user from "./commands/user";
import * as web from "./commands/web";
import * as world from "./commands/world";

/**
 * `arena` — every subcommand lives in ./commands/<name>.ts and exports `register(program)`.
 * Commands print human output by default and machine output with --json.
 */
const program = new Command("arena").description("DR Arena: adaptive head-to-head evaluation of Deep Research agents").showHelpAfterError();

/**
 * Every command registers its options up front, which is cheap: a command module imports its
 * packages (Prisma, BullMQ, the OpenAI SDK...) only inside its action, so help, usage errors and
 * one command's run load nothing another command needs. The order is the order of the help.
 */
for (const m of [
  tree,
  treeCrawl,
  source,
  schedule,
  sandbox,
  world,
  agent,
  ratings,
  replay,
  examiner,
  match,
  demo,
  tournament,
  simulate,
  web,
  user,
  leaderboard,
  score,
]) {
  m.register(program);
}
/** Commands that work on files only: they need not load the database client at all. */
const FILE_ONLY = new Set(["ratings", "replay", "web"]);
/** Command modules import their packages inside the action, so help and usage errors load none. */
let acted = false;
program.hook("preAction", async () => {
  acted = true;
  // A bad ARENA_* variable stops a command before it starts, with every bad variable named.
  (await import("@arena/env")).arenaEnv();
});

try {
  await program.parseAsync(process.argv);
} catch (err) {
  console.error(`arena: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = process.exitCode || 1;
} finally {
  if (acted && !FILE_ONLY.has(process.argv[2] ?? "")) await (await import("@arena/db/pool")).closeConnections();
}
