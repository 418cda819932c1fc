import { enqueue, withQueue } from "@arena/jobs";

/** How long a request waits before the job runs, so a burst of changes is one computation (as the workers' own requests). */
const DEBOUNCE_MS = 2000;

/**
 * Asks the workers to recompute the people's snapshots now (after an exclusion or its removal),
 * rather than at the reconciler's next pass: the console's buttons and the votes API call it.
 * Best effort: when Redis does not answer, the reconciler still finds the change by its fingerprint.
 */
export async function requestPeopleRecompute(): Promise<void> {
  await withQueue(["people"], ({ people }) => enqueue(people, "people", {}, { delayMs: DEBOUNCE_MS })).catch(() => undefined);
}
