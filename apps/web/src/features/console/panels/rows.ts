import type { z } from "zod";
import type { agentOverviewSchema } from "@arena/agents";
import type { TournamentEstimate } from "@arena/core";
import type { allowedHostSchema, settingsSchema } from "@arena/db/accounts";
import type { examinerConfigRowSchema } from "@arena/match/examiner-configs";
import type { tournamentEstimateSchema, tournamentSummarySchema } from "@arena/tournament/read";
import type { treeSummarySchema } from "@arena/trees/read";
import type { crawlJobSchema } from "@arena/trees/store";
import type { playableAgentSchema } from "../schemas";

/**
 * The rows the console's panels read from /api/console, typed by the owning packages' schemas
 * (the same ones features/console/schemas.ts documents), so a field added there reaches the
 * panels without being declared twice. Types only: nothing here enters the browser bundle.
 */
export type AgentRow = z.infer<typeof agentOverviewSchema>;
export type Settings = z.infer<typeof settingsSchema>;
export type HostRow = z.infer<typeof allowedHostSchema>;
export type TournamentRow = z.infer<typeof tournamentSummarySchema> & { participantIds: string[] };
export type AgentChoice = z.infer<typeof playableAgentSchema>;
export type ExaminerRow = z.infer<typeof examinerConfigRowSchema>;
export type CrawlRow = z.infer<typeof crawlJobSchema>;
/** `arena tree list`'s row: the summary's size fields, when it was retired (null: in play) and its matches. */
export type TreeRow = Pick<z.infer<typeof treeSummarySchema>, "id" | "rootUrl" | "title" | "nodes" | "matches"> & {
  retiredAt: string | null;
};
/** Core's estimate plus the wall-clock time the tournament read adds to it. */
export type Estimate = TournamentEstimate & Pick<z.infer<typeof tournamentEstimateSchema>, "timeMs">;
