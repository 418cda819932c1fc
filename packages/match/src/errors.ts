/** Another run of the same match committed first (a duplicate job); this run must stop. */
export class ConcurrentRunError extends Error {}

/** The match is cancelled or failed: there is nothing to run. */
export class MatchNotRunnableError extends Error {}
