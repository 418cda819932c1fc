import { z } from "zod";
import { EVOLUTION, FACTUALITY, SAMPLINGS, SUFFICIENCY, VALIDITY, VERDICTS } from "./options";

/** Request bodies of the audit commands (the web API documents them from here). */

const id = z.string().min(1).max(200);
export const newQueueSchema = z.object({
  name: z.string().trim().min(1).max(200),
  sampling: z.enum(SAMPLINGS).default("random"),
  size: z.number().int().min(1).max(2000),
  annotatorsPerItem: z.number().int().min(1).max(10).default(2),
  seed: z.string().min(1).max(200).default("audit"),
  examinerConfigId: id.optional(),
  tournamentId: id.optional(),
  agentId: id.optional(),
  /** Keep the sampled rounds' questions off public pages and the public API until the queue closes. */
  hideQuestions: z.boolean().default(false),
});
const comment = z
  .string()
  .max(5000)
  .transform((s) => s.trim() || null)
  .nullable()
  .optional();

/** Parts A–C of one item; `ownVerdict` is in the seats as the page showed them. */
export const answersSchema = z.object({
  deepValidity: z.enum(VALIDITY),
  wideValidity: z.enum(VALIDITY),
  evolution: z.enum(EVOLUTION).nullable().default(null),
  checklistFacts: z.enum(FACTUALITY),
  ownVerdict: z.enum(VERDICTS),
  comment,
});
export type Answers = z.input<typeof answersSchema>;

/** Part D, after the examiner's verdict was shown: D1, and D2 once per match. */
export const reviewSchema = z.object({
  agree: z.boolean(),
  sufficiency: z.enum(SUFFICIENCY).optional(),
  comment,
});
export type Review = z.input<typeof reviewSchema>;

/** Why an operator voids a round (shown on the match page). */
export const voidRequestSchema = z.object({ reason: z.string().trim().min(3).max(2000) });

export const auditQueueParamsSchema = z.object({
  queue: z.string().min(1).max(200).optional().describe("audit queue id (default: every queue)"),
});
/** Instrument I: the option (1–3, as shown) with the best question and the one with the best checklist. */
export const variantChoiceSchema = z.object({
  bestQuestion: z.number().int().min(1).max(3),
  bestChecklist: z.number().int().min(1).max(3),
});

export type NewQueue = z.input<typeof newQueueSchema>;
