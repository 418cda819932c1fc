/** Another run of the same match committed first (a duplicate job); this run must stop. */
export class ConcurrentRunError extends Error {}

/** The match is cancelled or failed: there is nothing to run. */
export class MatchNotRunnableError extends Error {}

/**
 * The round waits for research runs going on at their providers: its state is stored, and the job
 * is to come back at `resumeAt` (epoch ms) rather than hold its worker slot meanwhile.
 */
export class MatchDeferred extends Error {
  constructor(readonly resumeAt: number) {
    super(`match waits for background research runs until ${new Date(resumeAt).toISOString()}`);
  }
}
