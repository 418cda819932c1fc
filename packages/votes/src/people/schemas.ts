import { PEOPLE_VERDICTS } from "@arena/core";
import { ratedAgentSchema } from "@arena/tournament/read";
import { z } from "zod";

/**
 * What a PeopleSnapshot stores (ratings, agreement) and what the reads return: plain data the web
 * page, its JSON API, the CSV and the worker share. Thresholds are in ./minimum.ts.
 */

export const peopleVerdictSchema = z.enum(PEOPLE_VERDICTS);

const { agentId, ...fitted } = ratedAgentSchema.shape;

/**
 * One agent of the people's leaderboard: Bradley–Terry on people's verdicts, bootstrap interval;
 * `games` counts verdicts (votes and auditors' C1) on this agent's rounds. The tournament's rated
 * agent with its name, kept second as the stored snapshots and the JSON API have it.
 */
export const peopleRatingRowSchema = z.object({ agentId, name: z.string(), ...fitted });
export type PeopleRatingRow = z.infer<typeof peopleRatingRowSchema>;

/** A figure with its 95 % bootstrap interval. */
export const estimateSchema = z.object({ value: z.number(), lower: z.number(), upper: z.number() });

export const leftOutSchema = z.object({
  /** Votes on rounds of the voter's own agents. */
  owner: z.number().int(),
  /** Votes of accounts an admin excluded. */
  excluded: z.number().int(),
  /** Votes of accounts whose agreement on gold rounds is below the threshold. */
  lowGold: z.number().int(),
  /** Votes on rounds voided after they were cast. */
  voided: z.number().int(),
});

export const peopleAgreementSchema = z.object({
  /** The examiner configuration whose stored ratings the people's are compared with (null: none rated yet). */
  examinerConfigId: z.string().nullable(),
  /** Its RatingSnapshot the figures were computed against. */
  examinerSnapshotId: z.string().nullable(),
  /** False below the minimum (./minimum.ts): the page says "not enough votes yet". */
  enough: z.boolean(),
  /** Spearman's ρ between the examiner's and the people's ratings over the compared agents; interval over paired resamples of both. */
  spearman: estimateSchema.nullable(),
  /** Kendall's τ-b over the same agents. */
  kendall: estimateSchema.nullable(),
  /** Agents rated by both with at least the minimum of counted verdicts each. */
  agents: z.number().int(),
  /** Counted verdicts among those agents: the evidence behind ρ and τ. */
  votes: z.number().int(),
  /** Cohen's κ (win/loss/tie, unweighted) between the examiner's verdict and each counted verdict on the same round; n verdicts. */
  kappa: estimateSchema.extend({ n: z.number().int() }).nullable(),
  /** Counted verdicts on rounds with an examiner verdict (κ's n when it is shown). */
  kappaVotes: z.number().int(),
  /** Counted verdicts of the scope by source. */
  sources: z.object({ votes: z.number().int(), audits: z.number().int() }),
  leftOut: leftOutSchema,
  minimum: z.object({ votesPerAgent: z.number().int(), agents: z.number().int(), votes: z.number().int() }),
  /** The inputs' fingerprint when computed (./basis.ts): the worker recomputes when it changes. */
  basis: z.string(),
});
export type PeopleAgreement = z.infer<typeof peopleAgreementSchema>;
