import type { MessagePort } from "node:worker_threads";
import { createSqlPool } from "@arena/db/pool";
import { scoreboardOf, type ScoreboardOptions } from "./compute";
import { readScoreboardInputs, type ScoreboardScope } from "./inputs";
import type { ThreadReply } from "./thread";

/** The scoreboard thread's side of thread.ts: read the scope's inputs, compute, post the result, exit. */
export async function serveScoreboard(port: MessagePort, data: { scope: ScoreboardScope; opts: ScoreboardOptions }): Promise<void> {
  const pool = createSqlPool();
  let reply: ThreadReply;
  try {
    reply = { scoreboard: scoreboardOf(await readScoreboardInputs(pool, data.scope), data.opts) };
  } catch (err) {
    reply = { error: err instanceof Error ? err.message : String(err) };
  } finally {
    await pool.end();
  }
  port.postMessage(reply);
}
