import { pairedRankAgreement } from "@arena/core";
import type { Db, Prisma, PrismaClient } from "@arena/db";
import { z } from "zod";
import { parseReferenceText, REFERENCE_LIMITS, ReferenceParseError, suggestMapping } from "./parse";

/**
 * Reference leaderboards (docs/voting.md): an external leaderboard an admin stores (a name, its
 * source link, its date, `name,score` lines) with its names mapped to agents, and its agreement
 * with the examiner's ratings (ρ, τ-b, the agents compared), computed when stored, when the
 * mapping changes and on request, and kept with the date it was computed. Commands shared by the
 * console and the CLI.
 */

/** ρ and τ need at least this many mapped agents the examiner rates. */
export const REFERENCE_MIN_AGENTS = 3;
const BOOTSTRAP = { rounds: 1000, seed: 11 } as const;

export class ReferenceBoardError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

const estimate = z.object({ value: z.number(), lower: z.number(), upper: z.number() });

export const referenceEntrySchema = z.object({ name: z.string(), score: z.number(), agentId: z.string().nullable() });
export type ReferenceEntry = z.infer<typeof referenceEntrySchema>;

export const referenceAgreementSchema = z.object({
  examinerConfigId: z.string().nullable(),
  examinerSnapshotId: z.string().nullable(),
  /** Null below REFERENCE_MIN_AGENTS compared agents. */
  spearman: estimate.nullable(),
  kendall: estimate.nullable(),
  /** Mapped agents the examiner rates: the n behind ρ and τ. */
  agents: z.number().int(),
  computedAt: z.string(),
});
export type ReferenceAgreement = z.infer<typeof referenceAgreementSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => /^https?:\/\//i.test(s) && URL.canParse(s), "the source must be an http(s) address");

/** What the console sends to store a reference leaderboard (the upload's text or the pasted lines). */
export const referenceRequestSchema = z.object({
  name: z.string().trim().min(1, "give the leaderboard a name").max(200),
  source: z.union([httpUrl, z.literal("").transform(() => undefined)]).optional(),
  date: z.iso.date({ error: "the date must be YYYY-MM-DD" }),
  text: z.string().max(REFERENCE_LIMITS.maxChars),
  examinerConfigId: z.string().min(1).max(200).optional(),
});
export type ReferenceRequest = z.input<typeof referenceRequestSchema>;

/** The admin's mapping: external name → agent id, or null for "no agent". */
export const mappingRequestSchema = z.object({
  mapping: z.record(z.string().max(REFERENCE_LIMITS.maxNameChars), z.string().max(200).nullable()),
});

/** The examiner configuration to compare with: the one given, else the one the leaderboard shows first (most rated matches). */
async function examinerOf(db: Db, examinerConfigId: string | null | undefined): Promise<string | null> {
  if (examinerConfigId) return examinerConfigId;
  const rated = await db.match.groupBy({
    by: ["examinerConfigId"],
    where: { status: "completed", winner: { not: null }, rounds: { gt: 0 } },
    _count: { _all: true },
  });
  return rated.sort((a, b) => b._count._all - a._count._all)[0]?.examinerConfigId ?? null;
}

/** ρ and τ-b of the mapped entries against the examiner configuration's latest examiner-wide ratings. */
export async function referenceAgreement(
  db: Db,
  entries: readonly ReferenceEntry[],
  examinerConfigId: string | null | undefined,
): Promise<ReferenceAgreement> {
  const configId = await examinerOf(db, examinerConfigId);
  const snapshot = configId
    ? await db.ratingSnapshot.findFirst({
        where: { examinerConfigId: configId, tournamentId: null },
        orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
        select: { id: true, ratings: true },
      })
    : null;
  const ratings = new Map(
    z
      .array(z.object({ agentId: z.string(), rating: z.number() }))
      .parse(snapshot?.ratings ?? [])
      .map((r) => [r.agentId, r.rating]),
  );
  const compared = entries.filter((e) => e.agentId !== null && ratings.has(e.agentId));
  const figures =
    compared.length >= REFERENCE_MIN_AGENTS
      ? pairedRankAgreement(
          compared.map((e) => e.score),
          compared.map((e) => ratings.get(e.agentId!)!),
          BOOTSTRAP,
        )
      : null;
  const finite = (e: { value: number; lower: number; upper: number } | undefined) => (e && Number.isFinite(e.value) ? e : null);
  return {
    examinerConfigId: configId,
    examinerSnapshotId: snapshot?.id ?? null,
    spearman: finite(figures?.spearman),
    kendall: finite(figures?.kendall),
    agents: compared.length,
    computedAt: new Date().toISOString(),
  };
}

/** Checks a mapping's agent ids exist; the names must be the leaderboard's own. */
async function checkMapping(db: Db, names: readonly string[], mapping: Record<string, string | null>): Promise<void> {
  const known = new Set(names);
  const stray = Object.keys(mapping).find((n) => !known.has(n));
  if (stray !== undefined) throw new ReferenceBoardError(400, `${JSON.stringify(stray)} is not a name of this leaderboard`);
  const ids = [...new Set(Object.values(mapping).filter((v): v is string => v !== null))];
  const found = await db.agent.count({ where: { id: { in: ids } } });
  if (found !== ids.length) throw new ReferenceBoardError(400, "the mapping names an agent that does not exist");
}

/** Stores a reference leaderboard with the suggested mapping (exact, then case-insensitive name matches) and its agreement. */
export async function createReference(db: PrismaClient, input: ReferenceRequest & { createdById: string }): Promise<{ id: string }> {
  const request = referenceRequestSchema.parse(input);
  let lines: ReturnType<typeof parseReferenceText>;
  try {
    lines = parseReferenceText(request.text);
  } catch (err) {
    if (err instanceof ReferenceParseError) throw new ReferenceBoardError(400, err.message);
    throw err;
  }
  if (
    request.examinerConfigId &&
    !(await db.examinerConfig.findUnique({ where: { id: request.examinerConfigId }, select: { id: true } }))
  ) {
    throw new ReferenceBoardError(404, "no such examiner configuration");
  }
  const suggested = suggestMapping(
    lines.map((l) => l.name),
    await db.agent.findMany({ select: { id: true, name: true } }),
  );
  const entries: ReferenceEntry[] = lines.map((l) => ({ ...l, agentId: suggested.get(l.name) ?? null }));
  const agreement = await referenceAgreement(db, entries, request.examinerConfigId);
  const row = await db.referenceLeaderboard.create({
    data: {
      name: request.name,
      source: request.source ?? null,
      date: new Date(`${request.date}T00:00:00Z`),
      entries: entries as unknown as Prisma.InputJsonValue,
      agreement: agreement as unknown as Prisma.InputJsonValue,
      createdById: input.createdById,
    },
  });
  return { id: row.id };
}

async function stored(db: Db, id: string) {
  const row = await db.referenceLeaderboard.findUnique({ where: { id } });
  if (!row) throw new ReferenceBoardError(404, "no such reference leaderboard");
  const entries = z.array(referenceEntrySchema).parse(row.entries);
  const agreement = row.agreement ? referenceAgreementSchema.parse(row.agreement) : null;
  return { row, entries, agreement };
}

/** Replaces the mapping of the names given (others keep theirs) and recomputes the agreement. */
export async function updateReferenceMapping(db: PrismaClient, id: string, input: unknown): Promise<ReferenceAgreement> {
  const parsed = mappingRequestSchema.safeParse(input);
  if (!parsed.success) throw new ReferenceBoardError(400, parsed.error.issues[0]?.message ?? "invalid mapping");
  const { entries, agreement: before } = await stored(db, id);
  await checkMapping(
    db,
    entries.map((e) => e.name),
    parsed.data.mapping,
  );
  const next = entries.map((e) => (e.name in parsed.data.mapping ? { ...e, agentId: parsed.data.mapping[e.name] ?? null } : e));
  const agreement = await referenceAgreement(db, next, before?.examinerConfigId);
  await db.referenceLeaderboard.update({
    where: { id },
    data: { entries: next as unknown as Prisma.InputJsonValue, agreement: agreement as unknown as Prisma.InputJsonValue },
  });
  return agreement;
}

/** Recomputes the agreement against the examiner's newest ratings (the mapping unchanged). */
export async function recomputeReference(db: PrismaClient, id: string): Promise<ReferenceAgreement> {
  const { entries, agreement: before } = await stored(db, id);
  const agreement = await referenceAgreement(db, entries, before?.examinerConfigId);
  await db.referenceLeaderboard.update({ where: { id }, data: { agreement: agreement as unknown as Prisma.InputJsonValue } });
  return agreement;
}

export async function deleteReference(db: PrismaClient, id: string): Promise<void> {
  const { count } = await db.referenceLeaderboard.deleteMany({ where: { id } });
  if (count === 0) throw new ReferenceBoardError(404, "no such reference leaderboard");
}
