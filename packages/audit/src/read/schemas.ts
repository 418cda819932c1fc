import { z } from "zod";
import { checklistItemSchema } from "@arena/match/read";
import { EVOLUTION, FACTUALITY, SAMPLINGS, SUFFICIENCY, VALIDITY, VARIANTS, VERDICTS } from "../options";

const pct = z.object({ percent: z.number().nullable(), n: z.number().int() });
const verdict = z.enum(VERDICTS);

export const auditQueueSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  sampling: z.enum(SAMPLINGS),
  filter: z.object({ examinerConfigId: z.string().optional(), tournamentId: z.string().optional(), agentId: z.string().optional() }),
  size: z.number().int(),
  annotatorsPerItem: z.number().int(),
  /** The sampled rounds' questions are off public pages until the queue closes. */
  hideQuestions: z.boolean(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Annotations stored / needed (items × annotators per item). */
  done: z.number().int(),
  needed: z.number().int(),
  /** The viewer's own annotations in this queue. */
  mine: z.number().int(),
  auditors: z.array(z.object({ auditorId: z.string(), name: z.string(), done: z.number().int() })),
});
export type AuditQueueSummary = z.infer<typeof auditQueueSummarySchema>;

/** Parts A–C as the page showed the seats (C1 mirrored back for a swapped item). */
export const ownAnswersSchema = z.object({
  deepValidity: z.enum(VALIDITY),
  wideValidity: z.enum(VALIDITY),
  evolution: z.enum(EVOLUTION).nullable(),
  checklistFacts: z.enum(FACTUALITY),
  ownVerdict: verdict,
  agree: z.boolean().nullable(),
  comment: z.string().nullable(),
});

const side = z.object({ text: z.string().nullable(), error: z.string().nullable() });

/**
 * One item as its auditor sees it: blind (seats only, no agent names, no score, no transition
 * taken after this round) and without the examiner's judgement until the auditor's own C1 is
 * stored, when `reveal` carries it (in the seats as shown: the verdict and the reasoning's seat
 * names and checklist marks alike).
 */
export const auditItemViewSchema = z.object({
  id: z.string(),
  /** hideQuestions: the round's question is off public pages until the queue closes (else the item page says it can be found there). */
  queue: z.object({
    id: z.string(),
    name: z.string(),
    closed: z.boolean(),
    position: z.number().int(),
    size: z.number().int(),
    hideQuestions: z.boolean(),
  }),
  round: z.object({
    number: z.number().int(),
    depth: z.number().int(),
    width: z.number().int(),
    path: z.array(z.object({ url: z.string(), title: z.string().nullable() })),
    question: z.string().nullable(),
    wordLimitInstruction: z.string().nullable(),
    checklistDepth: z.array(checklistItemSchema),
    checklistWidth: z.array(checklistItemSchema),
    /** A3: the previous round's question and the transition the loop took after it. */
    previous: z.object({ question: z.string().nullable(), transition: z.string().nullable() }).nullable(),
  }),
  answers: z.object({ A: side, B: side }),
  own: ownAnswersSchema.nullable(),
  /** D2 of this match: the auditor's answer so far (asked once per match). */
  sufficiency: z.enum(SUFFICIENCY).nullable(),
  reveal: z
    .object({
      verdict,
      reasoning: z.string().nullable(),
      failureType: z.string().nullable(),
      tieQuality: z.string().nullable(),
      matchId: z.string(),
      voided: z.boolean(),
    })
    .nullable(),
});
export type AuditItemView = z.infer<typeof auditItemViewSchema>;

const kappa = z.object({ kappa: z.number().nullable(), kappa5: z.number().nullable(), n: z.number().int() });

export const auditReportSchema = z.object({
  queue: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** admins: every annotation; auditors: only the items they annotated themselves. */
  coverage: z.enum(["all", "own-items"]),
  annotations: z.number().int(),
  items: z.number().int(),
  questionValidity: pct,
  rubricFactuality: pct.extend({ minorOrBetter: z.number().nullable() }),
  verdictAgreement: pct,
  kappa: z.object({
    examinerVsAuditors: kappa,
    perAuditor: z.array(kappa.extend({ auditorId: z.string(), name: z.string() })),
    betweenAuditors: z.array(kappa.extend({ a: z.string(), b: z.string() })),
  }),
  /** rows: the examiner's verdict, columns: the auditors' (VERDICTS order). */
  confusion: z.object({ categories: z.array(verdict), matrix: z.array(z.array(z.number().int())) }),
  transitionLogic: pct,
  stopCondition: pct,
  instrumentI: z.object({
    n: z.number().int(),
    question: z.record(z.enum(VARIANTS), z.number().nullable()),
    checklist: z.record(z.enum(VARIANTS), z.number().nullable()),
  }),
  paper: z.object({
    questionValidity: z.number(),
    rubricFactuality: z.number(),
    kappa: z.number(),
    transitionLogic: z.number(),
    stopCondition: z.number(),
    fullTreeQuestion: z.number(),
    fullTreeChecklist: z.number(),
  }),
  disagreements: z.array(
    z.object({
      itemId: z.string(),
      matchId: z.string(),
      roundNumber: z.number().int(),
      examiner: verdict,
      kind: z.enum(["examiner", "auditors"]),
      auditors: z.array(z.object({ name: z.string(), verdict, agree: z.boolean().nullable(), comment: z.string().nullable() })),
    }),
  ),
});
export type AuditReport = z.infer<typeof auditReportSchema>;

export const annotationExportSchema = z.object({
  queueId: z.string(),
  queueName: z.string(),
  itemId: z.string(),
  roundId: z.string(),
  matchId: z.string(),
  roundNumber: z.number().int(),
  auditorId: z.string(),
  seatsSwapped: z.boolean(),
  deepValidity: z.enum(VALIDITY),
  wideValidity: z.enum(VALIDITY),
  evolution: z.enum(EVOLUTION).nullable(),
  checklistFacts: z.enum(FACTUALITY),
  /** C1 in the match's seats. */
  ownVerdict: verdict,
  agree: z.boolean().nullable(),
  sufficiency: z.enum(SUFFICIENCY).nullable(),
  comment: z.string().nullable(),
  /** The examiner's verdict in the match's seats. */
  examinerVerdict: verdict,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnnotationExport = z.infer<typeof annotationExportSchema>;
export const ANNOTATION_COLUMNS = annotationExportSchema.keyof().options;

export const examinerAgreementSchema = z
  .object({
    kappa: z.number().nullable(),
    annotations: z.number().int(),
    rounds: z.number().int(),
    rubricFactuality: z.number().nullable(),
  })
  .nullable();
export type ExaminerAgreement = z.infer<typeof examinerAgreementSchema>;

export const roundVoidViewSchema = z.object({
  roundNumber: z.number().int(),
  by: z.string(),
  reason: z.string(),
  at: z.string(),
  pointsA: z.number(),
  pointsB: z.number(),
});
export type RoundVoidView = z.infer<typeof roundVoidViewSchema>;

export const voidCandidateSchema = z.object({
  roundId: z.string(),
  matchId: z.string(),
  roundNumber: z.number().int(),
  question: z.string().nullable(),
  major: z.number().int(),
  annotations: z.number().int(),
});
