import { Worker } from "node:worker_threads";
import type { ComputedScoreboard } from "../read/scoreboard";
import type { ScoreboardOptions } from "./compute";
import type { ScoreboardScope } from "./inputs";

/**
 * A scoreboard computed on a thread of its own: reading a large scope's answers and scores and
 * fitting the controlled model with its bootstrap refits takes seconds of CPU, which on the worker
 * process's main thread would stall its matches, job-lock renewals and heartbeat. The thread reads
 * PostgreSQL through a small pool of its own (DATABASE_URL, as the process) and posts back the
 * result; one thread per computation (a worker runs at most one at a time).
 */

/** Defined by scripts/build-apps.mjs: the compiled thread beside the bundle, relative to this file. */
declare const ARENA_BUILT_SCOREBOARD_WORKER: string | undefined;
/** From sources the thread is thread-worker.mjs, which loads the TypeScript through tsx. */
const WORKER_URL = new URL(
  typeof ARENA_BUILT_SCOREBOARD_WORKER === "string" ? ARENA_BUILT_SCOREBOARD_WORKER : "./thread-worker.mjs",
  import.meta.url,
);

export type ThreadReply = { scoreboard: ComputedScoreboard } | { error: string };

export function computeScoreboardOffThread(scope: ScoreboardScope, opts: ScoreboardOptions = {}): Promise<ComputedScoreboard> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { scope, opts } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    worker.once("message", (reply: ThreadReply) =>
      settle(() => ("error" in reply ? reject(new Error(`scoreboard thread: ${reply.error}`)) : resolve(reply.scoreboard))),
    );
    worker.once("error", (err) => settle(() => reject(err)));
    worker.once("exit", (code) => settle(() => reject(new Error(`the scoreboard thread exited (code ${code}) without a result`))));
  });
}
