import { ServedThread } from "@arena/jobs/served-thread";
import type { ComputedScoreboard } from "../read/scoreboard";
import type { ScoreboardOptions } from "./compute";
import type { ScoreboardScope } from "./inputs";

/**
 * Scoreboards computed on a thread of their own: reading a large scope's answers and scores and
 * fitting the controlled model with its bootstrap refits takes seconds of CPU, which on the worker
 * process's main thread would stall its matches, job-lock renewals and heartbeat. The thread reads
 * PostgreSQL through a small pool of its own (DATABASE_URL, as the process) and posts back the
 * result. One thread per process, kept between computations (ServedThread): starting one cost
 * more than computing a small scope, and that start-up counted in the scoreboard's time, which
 * sets the gap before the scope's next computation.
 */

/** Defined by scripts/build-apps.mjs: the compiled thread beside the bundle, relative to this file. */
declare const ARENA_BUILT_SCOREBOARD_WORKER: string | undefined;
/** From sources the thread is thread-worker.mjs, which loads the TypeScript through tsx. */
const WORKER_URL = new URL(
  typeof ARENA_BUILT_SCOREBOARD_WORKER === "string" ? ARENA_BUILT_SCOREBOARD_WORKER : "./thread-worker.mjs",
  import.meta.url,
);

/** What the thread is asked (thread-serve.ts answers it). */
export interface ScoreboardRequest {
  scope: ScoreboardScope;
  opts: ScoreboardOptions;
}

let shared: ServedThread<ScoreboardRequest> | null = null;

export function computeScoreboardOffThread(scope: ScoreboardScope, opts: ScoreboardOptions = {}): Promise<ComputedScoreboard> {
  shared ??= new ServedThread<ScoreboardRequest>(WORKER_URL, "the scoreboard thread");
  return shared.run({ scope, opts });
}
