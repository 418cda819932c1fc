import { z } from "zod";
import type { Db } from "@arena/db";
import { FLAGGED_LABELS, SPAN_LABELS, type SpanLabel } from "../options";

/**
 * Reads of span feedback (docs/voting.md): a round's highlights for the match page, the caller's
 * own marks on the round they vote on, flagged spans per 1,000 words per agent, and the export.
 * No read names a span's author: only `mine` tells the viewer their own.
 */

const label = z.enum(SPAN_LABELS);
const seat = z.enum(["A", "B"]);

/** A span as its author made it: the seat in the terms they gave (`seats`). */
export const spanViewSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  seat,
  seats: z.enum(["shown", "match"]),
  start: z.number().int(),
  end: z.number().int(),
  label,
  comment: z.string().nullable(),
  quote: z.string(),
});
export type SpanView = z.infer<typeof spanViewSchema>;

const countsSchema = z.object({ unsupported: z.number().int(), wrong: z.number().int(), insightful: z.number().int() });
const emptyCounts = (): Record<SpanLabel, number> => ({ unsupported: 0, wrong: 0, insightful: 0 });

const seatSpansSchema = z.object({
  counts: countsSchema,
  spans: z.array(
    z.object({ id: z.string(), start: z.number().int(), end: z.number().int(), label, comment: z.string().nullable(), mine: z.boolean() }),
  ),
});

/** A round's spans per match seat, in answer order. */
export const roundSpansSchema = z.object({ roundId: z.string(), A: seatSpansSchema, B: seatSpansSchema });
export type RoundSpans = z.infer<typeof roundSpansSchema>;

/** Every span of a round per match seat: counts per label and the spans, `mine` for the viewer's own. */
export async function readRoundSpans(db: Db, params: { roundId: string; viewerId?: string | null | undefined }): Promise<RoundSpans> {
  const rows = await db.span.findMany({ where: { roundId: params.roundId }, orderBy: [{ start: "asc" }, { end: "asc" }, { id: "asc" }] });
  const out = {
    roundId: params.roundId,
    A: { counts: emptyCounts(), spans: [] as unknown[] },
    B: { counts: emptyCounts(), spans: [] as unknown[] },
  };
  for (const s of rows) {
    const side = s.seat === "B" ? out.B : out.A;
    const l = label.parse(s.label);
    side.counts[l]++;
    side.spans.push({
      id: s.id,
      start: s.start,
      end: s.end,
      label: l,
      comment: s.comment,
      mine: params.viewerId != null && s.authorId === params.viewerId,
    });
  }
  return roundSpansSchema.parse(out);
}

/** The voter's own spans on a round served to them, in the seats they were shown (empty when it was not served). */
export async function readVoteSpans(db: Db, params: { voterId: string; roundId: string }): Promise<SpanView[]> {
  const view = await db.voteView.findUnique({
    where: { roundId_voterId: { roundId: params.roundId, voterId: params.voterId } },
    select: { seatsSwapped: true },
  });
  if (!view) return [];
  const rows = await db.span.findMany({
    where: { roundId: params.roundId, authorId: params.voterId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((s) => spanViewSchema.parse({ ...s, seat: view.seatsSwapped ? (s.seat === "A" ? "B" : "A") : s.seat, seats: "shown" }));
}

export const agentSpanRateSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  words: z.number().int().describe("words of the agent's read answers: answers of rounds served to a voter or carrying a span"),
  counts: countsSchema,
  flagged: z.number().int().describe("unsupported + wrong"),
  perThousandWords: z.number().nullable().describe("flagged spans per 1,000 words; null without read words"),
});
export type AgentSpanRate = z.infer<typeof agentSpanRateSchema>;

/**
 * Per agent: flagged spans (unsupported + wrong) per 1,000 words of its read answers — answers
 * of rounds that were served to a voter or carry a span, so an agent is measured on what people
 * read, not on rounds nobody looked at. Words are runs of non-space characters. Agents nobody read, left out.
 */
export async function readAgentSpanRates(db: Db): Promise<AgentSpanRate[]> {
  const words = await db.$queryRaw<{ agentId: string; words: number }[]>`
    WITH seen AS (
      SELECT r."answerA", r."answerB", m."agentAId", m."agentBId" FROM "Round" r JOIN "Match" m ON m.id = r."matchId"
      WHERE EXISTS (SELECT 1 FROM "VoteView" vv WHERE vv."roundId" = r.id) OR EXISTS (SELECT 1 FROM "Span" s WHERE s."roundId" = r.id)
    ), answers AS (
      SELECT "agentAId" AS agent, "answerA" AS text FROM seen UNION ALL SELECT "agentBId", "answerB" FROM seen
    )
    SELECT agent AS "agentId", coalesce(sum((SELECT count(*) FROM regexp_matches(coalesce(text, ''), '\\S+', 'g'))), 0)::int AS words
    FROM answers GROUP BY 1`;
  const spans = await db.$queryRaw<{ agentId: string; label: string; n: number }[]>`
    SELECT CASE WHEN s.seat = 'B' THEN m."agentBId" ELSE m."agentAId" END AS "agentId", s.label, count(*)::int AS n
    FROM "Span" s JOIN "Round" r ON r.id = s."roundId" JOIN "Match" m ON m.id = r."matchId" GROUP BY 1, 2`;
  const ids = [...new Set([...words.map((w) => w.agentId), ...spans.map((s) => s.agentId)])];
  const names = new Map(
    (await db.agent.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((a) => [a.id, a.name]),
  );
  const wordsOf = new Map(words.map((w) => [w.agentId, w.words]));
  return ids
    .map((agentId) => {
      const counts = emptyCounts();
      for (const s of spans) if (s.agentId === agentId) counts[label.parse(s.label)] += s.n;
      const flagged = FLAGGED_LABELS.reduce((n, l) => n + counts[l], 0);
      const w = wordsOf.get(agentId) ?? 0;
      return agentSpanRateSchema.parse({
        agentId,
        name: names.get(agentId) ?? agentId,
        words: w,
        counts,
        flagged,
        perThousandWords: w > 0 ? (1000 * flagged) / w : null,
      });
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** One line of spans.jsonl: the round, match, examiner configuration and agent of the marked answer, the span in match seats; never its author. */
export const spanLineSchema = z.object({
  round_id: z.string(),
  match_id: z.string(),
  examiner_config_id: z.string(),
  agent_id: z.string(),
  agent: z.string(),
  seat,
  start: z.number().int(),
  end: z.number().int(),
  label,
  comment: z.string().nullable(),
  quote: z.string(),
  created_at: z.string(),
});
export type SpanLine = z.infer<typeof spanLineSchema>;

/** Every span as spans.jsonl lines, oldest first. */
export async function spansJsonl(db: Db): Promise<SpanLine[]> {
  const rows = await db.span.findMany({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      roundId: true,
      seat: true,
      start: true,
      end: true,
      label: true,
      comment: true,
      quote: true,
      createdAt: true,
      round: {
        select: {
          matchId: true,
          match: {
            select: { examinerConfigId: true, agentA: { select: { id: true, name: true } }, agentB: { select: { id: true, name: true } } },
          },
        },
      },
    },
  });
  return rows.map((s) => {
    const agent = s.seat === "B" ? s.round.match.agentB : s.round.match.agentA;
    return spanLineSchema.parse({
      round_id: s.roundId,
      match_id: s.round.matchId,
      examiner_config_id: s.round.match.examinerConfigId,
      agent_id: agent.id,
      agent: agent.name,
      seat: s.seat,
      start: s.start,
      end: s.end,
      label: s.label,
      comment: s.comment,
      quote: s.quote,
      created_at: s.createdAt.toISOString(),
    });
  });
}
