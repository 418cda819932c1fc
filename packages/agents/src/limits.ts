/**
 * Limits of what an owner submits, imported alone (`@arena/agents/limits`) by the browser's forms
 * so they show the same limits the server enforces without loading the package.
 */

/** Longest description an agent may have (the forms show a counter against it). */
export const AGENT_DESCRIPTION_MAX = 2_000;
