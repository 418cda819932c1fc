import { z } from "zod";
import { MAX_COMMENT_CHARS, MAX_REASON_CHARS, MAX_SPAN_CHARS, SPAN_LABELS, VOTE_VERDICTS } from "../options";

/** Request bodies of the vote and span commands (the web API documents them from here). */

const id = z.string().min(1).max(200);
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim() || null)
    .nullable()
    .optional();

/** POST /api/votes: the verdict in the seats as shown, an optional reason. */
export const voteRequestSchema = z.object({
  roundId: id,
  verdict: z.enum(VOTE_VERDICTS).describe("in the seats as GET /api/votes/next showed them"),
  reason: optionalText(MAX_REASON_CHARS),
});
export type VoteRequest = z.input<typeof voteRequestSchema>;

/**
 * POST /api/spans: a stretch [start, end) of one answer, in UTF-16 code units of the stored answer
 * (JavaScript string offsets). `seats: "shown"` names the seat as the caller's vote page showed it
 * (a round served to them), `"match"` the match's seat (as the match page shows it).
 */
export const spanRequestSchema = z.object({
  roundId: id,
  seat: z.enum(["A", "B"]),
  seats: z.enum(["shown", "match"]).default("match"),
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  label: z.enum(SPAN_LABELS),
  comment: optionalText(MAX_COMMENT_CHARS),
});
export type SpanRequest = z.input<typeof spanRequestSchema>;

/** Why an admin leaves a voter out. */
export const exclusionRequestSchema = z.object({ reason: z.string().trim().min(3).max(2000) });

export { MAX_SPAN_CHARS };
