import { unboundedSchema } from "@arena/core";
import { z } from "zod";

/**
 * The style- and citation-controlled leaderboard of one examiner configuration (ratings are never
 * pooled across configurations), optionally one tournament: one battle per completed match, as
 * the plain ratings count them, with covariates from the match's answers averaged over its
 * rounds (length, Markdown density) and its stored citation scores (citations listed, supported
 * share). Beside each controlled rating: the plain Bradley–Terry rating on the same battles and
 * the rank change between the two. Computed by the workers (../scoreboard/controlled.ts).
 */
export const controlledLeaderboardSchema = z.object({
  battles: z.int(),
  ratings: z.array(
    z.object({
      agentId: z.string(),
      name: z.string(),
      rating: z.number(),
      lower: z.number(),
      upper: z.number(),
      rank: z.int(),
      plainRating: z.number(),
      plainRank: z.int(),
      /** plainRank − rank: positive when controlling for style moves the agent up. */
      rankChange: z.int(),
      /**
       * Unbeaten or winless on these matches (from the plain fit on them): no finite estimate, so
       * pages word it with its bound (@arena/core describeRating); null in scoreboards stored before it.
       */
      unbounded: unboundedSchema.nullable().default(null),
    }),
  ),
  coefficients: z.array(z.object({ name: z.string(), value: z.number(), lower: z.number(), upper: z.number() })),
});
export type ControlledLeaderboard = z.infer<typeof controlledLeaderboardSchema>;
