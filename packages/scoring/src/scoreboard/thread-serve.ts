import type { MessagePort } from "node:worker_threads";
import { createSqlPool } from "@arena/db/pool";
import { serveRequests } from "@arena/jobs/served-thread";
import { scoreboardOf } from "./compute";
import { readScoreboardInputs } from "./inputs";
import type { ScoreboardRequest } from "./thread";

/** The scoreboard thread's side of thread.ts: one pool for the thread's life, a scope's scoreboard per request. */
export function serveScoreboard(port: MessagePort): void {
  const pool = createSqlPool();
  // An idle connection the server dropped (a restart) is replaced by the next query; unheard, its
  // error would end the thread.
  pool.on("error", () => undefined);
  serveRequests<ScoreboardRequest>(port, async ({ scope, opts }) => scoreboardOf(await readScoreboardInputs(pool, scope), opts));
}
