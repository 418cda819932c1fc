/**
 * The documented minimums of the people's figures (docs/voting.md). Below them the leaderboard
 * says "not enough votes yet" instead of a number that would mostly be noise.
 */

/** An agent enters the rank correlations once this many counted verdicts involve it. */
export const MIN_VOTES_PER_AGENT = 5;
/** ρ and τ need at least this many such agents (3 is the least where ρ can be other than ±1 or ±0.5). */
export const MIN_AGENTS = 3;
/** …and at least this many counted verdicts among them; κ needs as many verdicts on rounds the examiner judged. */
export const MIN_VOTES = 30;

/** Bootstrap of the people's ratings (and so of ρ and τ): as the examiner's snapshots (200 rounds, fixed seed). */
export const PEOPLE_BOOTSTRAP = { rounds: 200, seed: 7 } as const;
/** Seed of the examiner's resamples paired with the people's in the agreement's intervals (another stream than the people's). */
export const EXAMINER_BOOTSTRAP_SEED = 8;
