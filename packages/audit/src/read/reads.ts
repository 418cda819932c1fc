import { z } from "zod";
import { swapSeatsInText } from "@arena/core";
import { checklistItemSchema, readRoundPath } from "@arena/match/read";
import type { Db, Prisma } from "@arena/db";
import { swapSeats, SUFFICIENCY, VARIANTS, VERDICTS, winnerOf, type AuditVerdict, type Variant } from "../options";
import { fromToken, isVerdictToken } from "../tokens";
import { confusionMatrix, percent, reportedKappa } from "../stats";
import {
  annotationExportSchema,
  auditItemViewSchema,
  auditQueueSummarySchema,
  auditReportSchema,
  examinerAgreementSchema,
  roundVoidViewSchema,
  voidCandidateSchema,
  type AnnotationExport,
  type AuditItemView,
  type AuditQueueSummary,
  type AuditReport,
  type ExaminerAgreement,
  type RoundVoidView,
} from "./schemas";

/** Who reads: admins see every auditor's answers; an auditor only those on items they annotated. */
export interface Viewer {
  id: string;
  admin: boolean;
}

/** The paper's figures (Table 7 and Table 5), shown beside ours. */
export const PAPER = {
  questionValidity: 90.6,
  rubricFactuality: 89.1,
  kappa: 0.91,
  transitionLogic: 96.9,
  stopCondition: 92.2,
  fullTreeQuestion: 89,
  fullTreeChecklist: 88,
} as const;

const iso = (d: Date) => d.toISOString();
const checklist = z.array(checklistItemSchema);
const verdictJson = z.object({ reasoning: z.string().optional() }).loose();
function jsonOr<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const r = schema.safeParse(value);
  return r.success ? r.data : fallback;
}
const filterSchema = z.object({
  examinerConfigId: z.string().optional(),
  tournamentId: z.string().optional(),
  agentId: z.string().optional(),
});

async function userNames(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const rows = await db.user.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true, email: true } });
  return new Map(rows.map((u) => [u.id, u.name && u.name !== u.email ? `${u.name} (${u.email})` : u.email]));
}

/**
 * How auditors are named to `viewer`. Admins see who (name and e-mail). An auditor sees themself
 * as "You" and every other auditor as "Auditor n", numbered by their first annotation ever, so a
 * number means the same person on every page and queue, and no e-mail or name leaks between auditors.
 */
async function auditorNames(db: Db, viewer: Viewer, ids: Iterable<string>): Promise<(id: string) => string> {
  if (viewer.admin) {
    const names = await userNames(db, ids);
    return (id) => names.get(id) ?? id;
  }
  const firsts = await db.annotation.groupBy({ by: ["auditorId"], _min: { createdAt: true } });
  const order = firsts
    .filter((f) => f.auditorId !== viewer.id)
    .sort((a, b) => (a._min.createdAt?.getTime() ?? 0) - (b._min.createdAt?.getTime() ?? 0) || a.auditorId.localeCompare(b.auditorId))
    .map((f) => f.auditorId);
  return (id) => (id === viewer.id ? "You" : `Auditor ${order.indexOf(id) + 1 || order.length + 1}`);
}

/** Every queue, newest first, with progress overall, per auditor and of the viewer. */
export async function readAuditQueues(db: Db, viewer: Viewer): Promise<AuditQueueSummary[]> {
  const queues = await db.auditQueue.findMany({ orderBy: { createdAt: "desc" } });
  const counts = await db.annotation.groupBy({
    by: ["auditorId", "itemId"],
    _count: { _all: true },
    where: { item: { queueId: { in: queues.map((q) => q.id) } } },
  });
  const itemQueue = new Map(
    (await db.auditItem.findMany({ where: { queueId: { in: queues.map((q) => q.id) } }, select: { id: true, queueId: true } })).map((i) => [
      i.id,
      i.queueId,
    ]),
  );
  const nameOf = await auditorNames(
    db,
    viewer,
    counts.map((c) => c.auditorId),
  );
  return queues.map((q) => {
    const mineRows = counts.filter((c) => itemQueue.get(c.itemId) === q.id);
    const per = new Map<string, number>();
    for (const c of mineRows) per.set(c.auditorId, (per.get(c.auditorId) ?? 0) + 1);
    return auditQueueSummarySchema.parse({
      id: q.id,
      name: q.name,
      sampling: q.sampling,
      filter: jsonOr(filterSchema, q.filter, {}),
      size: q.size,
      annotatorsPerItem: q.annotatorsPerItem,
      hideQuestions: q.hideQuestions,
      createdAt: iso(q.createdAt),
      closedAt: q.closedAt ? iso(q.closedAt) : null,
      done: mineRows.length,
      needed: q.size * q.annotatorsPerItem,
      mine: per.get(viewer.id) ?? 0,
      auditors: [...per]
        .map(([auditorId, done]) => ({
          auditorId: viewer.admin || auditorId === viewer.id ? auditorId : nameOf(auditorId),
          name: nameOf(auditorId),
          done,
        }))
        .sort((a, b) => b.done - a.done),
    });
  });
}

/**
 * One item for `auditorId`, or null if unknown. The examiner's verdict, reasoning and failure type
 * are read only when the auditor's own annotation exists, so nothing of them can reach a page
 * (or a network response) before their C1 is stored.
 */
export async function readAuditItem(db: Db, itemId: string, auditorId: string): Promise<AuditItemView | null> {
  const item = await db.auditItem.findUnique({
    where: { id: itemId },
    select: {
      id: true,
      roundId: true,
      ordinal: true,
      seatsSwapped: true,
      queue: { select: { id: true, name: true, closedAt: true, size: true, hideQuestions: true } },
      round: {
        select: {
          matchId: true,
          number: true,
          depth: true,
          width: true,
          pathNodeIds: true,
          pathUrls: true,
          question: true,
          wordLimitInstruction: true,
          checklistDepth: true,
          checklistWidth: true,
          answerA: true,
          answerB: true,
          errorA: true,
          errorB: true,
        },
      },
    },
  });
  if (!item) return null;
  const r = item.round;
  const own = await db.annotation.findUnique({ where: { itemId_auditorId: { itemId, auditorId } } });
  const [prev, path, answer] = await Promise.all([
    db.round.findFirst({
      where: { matchId: r.matchId, number: { lt: r.number } },
      orderBy: { number: "desc" },
      select: { question: true, action: true },
    }),
    readRoundPath(db, r),
    db.auditMatchAnswer.findUnique({
      where: { queueId_matchId_auditorId: { queueId: item.queue.id, matchId: r.matchId, auditorId } },
      select: { sufficiency: true },
    }),
  ]);
  const a = { text: r.answerA, error: r.errorA };
  const b = { text: r.answerB, error: r.errorB };
  // Everything the examiner said, in the seats this page shows: the verdict, and its reasoning's
  // seat names and per-answer checklist marks ("A: entities 1/2 …").
  const shown = (v: AuditVerdict) => (item.seatsSwapped ? swapSeats(v) : v);
  const shownText = (t: string) => (item.seatsSwapped ? swapSeatsInText(t) : t);
  let reveal: AuditItemView["reveal"] = null;
  if (own) {
    // Read separately, and only now: the examiner's judgement of this round.
    const j = await db.round.findUniqueOrThrow({
      where: { id: item.roundId },
      select: { verdictToken: true, verdict: true, loserFailureType: true, tieQuality: true, voided: true },
    });
    if (isVerdictToken(j.verdictToken)) {
      reveal = {
        verdict: shown(fromToken(j.verdictToken)),
        reasoning: shownText(jsonOr(verdictJson, j.verdict, {}).reasoning ?? "") || null,
        failureType: j.loserFailureType,
        tieQuality: j.tieQuality,
        matchId: r.matchId,
        voided: j.voided,
      };
    }
  }
  return auditItemViewSchema.parse({
    id: item.id,
    queue: {
      id: item.queue.id,
      name: item.queue.name,
      closed: item.queue.closedAt !== null,
      position: item.ordinal + 1,
      size: item.queue.size,
      hideQuestions: item.queue.hideQuestions,
    },
    round: {
      number: r.number,
      depth: r.depth,
      width: r.width,
      path: path.map(({ url, title }) => ({ url, title })),
      question: r.question,
      wordLimitInstruction: r.wordLimitInstruction,
      checklistDepth: jsonOr(checklist, r.checklistDepth, []),
      checklistWidth: jsonOr(checklist, r.checklistWidth, []),
      previous: prev ? { question: prev.question, transition: prev.action } : null,
    },
    answers: item.seatsSwapped ? { A: b, B: a } : { A: a, B: b },
    own: own
      ? {
          deepValidity: own.deepValidity,
          wideValidity: own.wideValidity,
          evolution: own.evolution,
          checklistFacts: own.checklistFacts,
          ownVerdict: shown(own.ownVerdict as AuditVerdict),
          agree: own.agree,
          comment: own.comment,
        }
      : null,
    sufficiency: answer?.sufficiency ?? null,
    reveal,
  });
}

const annotationSelect = {
  id: true,
  itemId: true,
  roundId: true,
  auditorId: true,
  seatsSwapped: true,
  deepValidity: true,
  wideValidity: true,
  evolution: true,
  checklistFacts: true,
  ownVerdict: true,
  agree: true,
  comment: true,
  createdAt: true,
  updatedAt: true,
  item: { select: { queueId: true, queue: { select: { name: true } } } },
  round: { select: { matchId: true, number: true, verdictToken: true } },
} satisfies Prisma.AnnotationSelect;

/** Annotations the viewer may read, oldest first: of one queue or all. */
async function visibleAnnotations(db: Db, viewer: Viewer, queueId: string | null) {
  const where: Prisma.AnnotationWhereInput = {
    ...(queueId ? { item: { queueId } } : {}),
    ...(viewer.admin ? {} : { item: { ...(queueId ? { queueId } : {}), annotations: { some: { auditorId: viewer.id } } } }),
  };
  return db.annotation.findMany({ where, select: annotationSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/** One line per annotation the viewer may read, with the auditor's D2 for the round's match. */
export async function exportAnnotations(db: Db, viewer: Viewer, queueId: string | null): Promise<AnnotationExport[]> {
  const rows = await visibleAnnotations(db, viewer, queueId);
  const d2 = await db.auditMatchAnswer.findMany({
    where: { queueId: { in: [...new Set(rows.map((r) => r.item.queueId))] } },
    select: { queueId: true, matchId: true, auditorId: true, sufficiency: true },
  });
  const d2Of = new Map(d2.map((d) => [`${d.queueId}:${d.matchId}:${d.auditorId}`, d.sufficiency]));
  return rows.flatMap((r) =>
    isVerdictToken(r.round.verdictToken)
      ? [
          annotationExportSchema.parse({
            queueId: r.item.queueId,
            queueName: r.item.queue.name,
            itemId: r.itemId,
            roundId: r.roundId,
            matchId: r.round.matchId,
            roundNumber: r.round.number,
            auditorId: r.auditorId,
            seatsSwapped: r.seatsSwapped,
            deepValidity: r.deepValidity,
            wideValidity: r.wideValidity,
            evolution: r.evolution,
            checklistFacts: r.checklistFacts,
            ownVerdict: r.ownVerdict,
            agree: r.agree,
            sufficiency: d2Of.get(`${r.item.queueId}:${r.round.matchId}:${r.auditorId}`) ?? null,
            comment: r.comment,
            examinerVerdict: fromToken(r.round.verdictToken),
            createdAt: iso(r.createdAt),
            updatedAt: iso(r.updatedAt),
          }),
        ]
      : [],
  );
}

const kappaOf = (pairs: readonly (readonly [AuditVerdict, AuditVerdict])[]) => ({
  kappa: reportedKappa(pairs.map(([x, y]) => [winnerOf(x), winnerOf(y)] as const)),
  kappa5: reportedKappa(pairs),
  n: pairs.length,
});

/**
 * The audit report (docs/method.md §9) of one queue or of all: the paper's Table 7 figures computed from the
 * annotations the viewer may read, Instrument I preference rates, and the rounds where an auditor
 * and the examiner, or two auditors, disagree on the winner. κ compares win / loss / tie, as the
 * paper's verdict alignment does; `kappa5` compares the five verdicts.
 */
export async function auditReport(db: Db, viewer: Viewer, queueId: string | null): Promise<AuditReport> {
  const queue = queueId ? await db.auditQueue.findUnique({ where: { id: queueId }, select: { id: true, name: true } }) : null;
  const rows = await exportAnnotations(db, viewer, queueId);
  const nameOf = await auditorNames(
    db,
    viewer,
    rows.map((r) => r.auditorId),
  );
  // Another auditor's user id is no name, but it would still tell the same person apart across queues' exports: pseudonyms only.
  const keyOf = (id: string) => (viewer.admin || id === viewer.id ? id : nameOf(id));
  const examinerPairs = rows.map((r) => [r.examinerVerdict, r.ownVerdict] as const);
  const auditors = [...new Set(rows.map((r) => r.auditorId))].sort();
  const byItem = new Map<string, AnnotationExport[]>();
  for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
  const between = [];
  for (let i = 0; i < auditors.length; i++) {
    for (let j = i + 1; j < auditors.length; j++) {
      const pairs: (readonly [AuditVerdict, AuditVerdict])[] = [];
      for (const list of byItem.values()) {
        const x = list.find((r) => r.auditorId === auditors[i]);
        const y = list.find((r) => r.auditorId === auditors[j]);
        if (x && y) pairs.push([x.ownVerdict, y.ownVerdict]);
      }
      if (pairs.length) between.push({ a: nameOf(auditors[i]!), b: nameOf(auditors[j]!), ...kappaOf(pairs) });
    }
  }
  const d2 = new Map<string, string>();
  for (const r of rows) if (r.sufficiency) d2.set(`${r.queueId}:${r.matchId}:${r.auditorId}`, r.sufficiency);
  const choices = await db.auditVariantChoice.findMany({
    where: {
      ...(queueId ? { item: { queueId } } : {}),
      ...(viewer.admin ? {} : { item: { ...(queueId ? { queueId } : {}), variants: { some: { auditorId: viewer.id } } } }),
    },
    select: { bestQuestion: true, bestChecklist: true },
  });
  const rate = (pick: (c: (typeof choices)[number]) => string) =>
    Object.fromEntries(
      VARIANTS.map((v: Variant) => [v, choices.length ? (100 * choices.filter((c) => pick(c) === v).length) / choices.length : null]),
    ) as Record<Variant, number | null>;
  const disagreements: AuditReport["disagreements"] = [];
  for (const [itemId, list] of byItem) {
    const first = list[0]!;
    const examinerWinner = winnerOf(first.examinerVerdict);
    const kind = list.some((r) => winnerOf(r.ownVerdict) !== examinerWinner || r.agree === false)
      ? "examiner"
      : new Set(list.map((r) => winnerOf(r.ownVerdict))).size > 1
        ? "auditors"
        : null;
    if (!kind) continue;
    disagreements.push({
      itemId,
      matchId: first.matchId,
      roundNumber: first.roundNumber,
      examiner: first.examinerVerdict,
      kind,
      auditors: list.map((r) => ({ name: nameOf(r.auditorId), verdict: r.ownVerdict, agree: r.agree, comment: r.comment })),
    });
  }
  const factual = percent(rows, (r) => r.checklistFacts === "correct");
  return auditReportSchema.parse({
    queue,
    coverage: viewer.admin ? "all" : "own-items",
    annotations: rows.length,
    items: byItem.size,
    questionValidity: percent(rows, (r) => r.deepValidity === "yes" && r.wideValidity === "yes"),
    rubricFactuality: { ...factual, minorOrBetter: percent(rows, (r) => r.checklistFacts !== "major").percent },
    verdictAgreement: percent(
      rows.filter((r) => r.agree !== null),
      (r) => r.agree === true,
    ),
    kappa: {
      examinerVsAuditors: kappaOf(examinerPairs),
      perAuditor: auditors.map((id) => ({
        auditorId: keyOf(id),
        name: nameOf(id),
        ...kappaOf(rows.filter((r) => r.auditorId === id).map((r) => [r.examinerVerdict, r.ownVerdict] as const)),
      })),
      betweenAuditors: between,
    },
    confusion: { categories: [...VERDICTS], matrix: confusionMatrix(VERDICTS, examinerPairs) },
    transitionLogic: percent(
      rows.filter((r) => r.evolution !== null),
      (r) => r.evolution === "yes",
    ),
    stopCondition: percent([...d2.values()], (s) => s === SUFFICIENCY[0]),
    instrumentI: { n: choices.length, question: rate((c) => c.bestQuestion), checklist: rate((c) => c.bestChecklist) },
    paper: PAPER,
    disagreements,
  });
}

/**
 * The public reliability line of an examiner configuration: κ (win / loss / tie) between its
 * verdicts and every auditor's, over all queues, with the rounds audited and the share of
 * checklists auditors found completely correct. Null before any audit. Aggregates only: no
 * individual answer leaves this function.
 */
export async function examinerAgreement(db: Db, examinerConfigId: string): Promise<ExaminerAgreement> {
  const rows = await db.annotation.findMany({
    where: { round: { match: { examinerConfigId } } },
    select: { roundId: true, ownVerdict: true, checklistFacts: true, round: { select: { verdictToken: true } } },
  });
  const judged = rows.flatMap((r) => (isVerdictToken(r.round.verdictToken) ? [{ ...r, token: r.round.verdictToken }] : []));
  if (judged.length === 0) return null;
  const pairs = judged.map((r) => [winnerOf(fromToken(r.token)), winnerOf(r.ownVerdict as AuditVerdict)] as const);
  return examinerAgreementSchema.parse({
    kappa: reportedKappa(pairs),
    annotations: judged.length,
    rounds: new Set(judged.map((r) => r.roundId)).size,
    rubricFactuality: percent(judged, (r) => r.checklistFacts === "correct").percent,
  });
}

/** Rounds of a match voided by an operator after an audit: who, why, when. */
export async function matchVoids(db: Db, matchId: string): Promise<RoundVoidView[]> {
  const rows = await db.roundVoid.findMany({
    where: { round: { matchId } },
    select: { voidedById: true, reason: true, createdAt: true, pointsA: true, pointsB: true, round: { select: { number: true } } },
    orderBy: { round: { number: "asc" } },
  });
  const names = await userNames(
    db,
    rows.map((r) => r.voidedById),
  );
  return rows.map((r) =>
    roundVoidViewSchema.parse({
      roundNumber: r.round.number,
      by: names.get(r.voidedById) ?? "an operator",
      reason: r.reason,
      at: iso(r.createdAt),
      pointsA: r.pointsA,
      pointsB: r.pointsB,
    }),
  );
}

/** Rounds at least one auditor found to contain major hallucinations, not voided yet: the console's void list. */
export async function voidCandidates(db: Db) {
  const rows = await db.round.findMany({
    where: { voided: false, annotations: { some: { checklistFacts: "major" } } },
    select: { id: true, matchId: true, number: true, question: true, annotations: { select: { checklistFacts: true } } },
    orderBy: [{ matchId: "asc" }, { number: "asc" }],
    take: 200,
  });
  return rows.map((r) =>
    voidCandidateSchema.parse({
      roundId: r.id,
      matchId: r.matchId,
      roundNumber: r.number,
      question: r.question,
      major: r.annotations.filter((a) => a.checklistFacts === "major").length,
      annotations: r.annotations.length,
    }),
  );
}
