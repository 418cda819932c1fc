/**
 * The closed sets and numbers of people's votes and spans (docs/voting.md), one source for the
 * package, the web form and the docs. Imports nothing, so client components can use it
 * (`@arena/votes/options`).
 */

/** A voter's five-way verdict in seats, as the examiner gives it; digit keys 1–5 pick them in this order. */
export const VOTE_VERDICTS = ["A_MUCH_BETTER", "A_BETTER", "TIE", "B_BETTER", "B_MUCH_BETTER"] as const;
export type VoteVerdict = (typeof VOTE_VERDICTS)[number];

/** What a reader marks a stretch of an answer as. `unsupported` and `wrong` are the flagged labels. */
export const SPAN_LABELS = ["unsupported", "wrong", "insightful"] as const;
export type SpanLabel = (typeof SPAN_LABELS)[number];
export const FLAGGED_LABELS = ["unsupported", "wrong"] as const satisfies readonly SpanLabel[];

export const VOTE_LABELS = {
  verdict: { A_MUCH_BETTER: "A much better", A_BETTER: "A better", TIE: "Tie", B_BETTER: "B better", B_MUCH_BETTER: "B much better" },
  span: { unsupported: "Unsupported", wrong: "Wrong", insightful: "Insightful" },
} as const;

/** Votes one account may cast in 24 hours, and votes from one client address (a keyed hash of it) in 24 hours. */
export const VOTE_LIMITS = { perAccount: 200, perAddress: 600, windowMs: 24 * 3_600_000 } as const;

/** Spans one account may mark in 24 hours, and on one round. */
export const SPAN_LIMITS = { perAccount: 500, perRound: 50, windowMs: 24 * 3_600_000 } as const;

/** Longest marked stretch and longest comment, in characters. */
export const MAX_SPAN_CHARS = 4000;
export const MAX_COMMENT_CHARS = 1000;
/** Longest reason a voter may give with a vote. */
export const MAX_REASON_CHARS = 2000;

/**
 * Gold rounds (docs/voting.md): a voter with at least `minVotes` gold votes whose gold agreement is
 * below `minAgreement` is left out of the people's leaderboard. Until a voter was served
 * `minVotes` gold rounds a served round is gold with probability `earlyRate`, then `rate`.
 */
export const GOLD = { minVotes: 4, minAgreement: 0.6, earlyRate: 0.5, rate: 0.2 } as const;

/** Interval width (rating points) of an agent no stored snapshot rates with a finite interval. */
export const DEFAULT_INTERVAL_WIDTH = 400;
