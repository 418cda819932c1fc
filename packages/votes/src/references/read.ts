import type { Db } from "@arena/db";
import { z } from "zod";
import { REFERENCE_MIN_AGENTS, referenceAgreementSchema, referenceEntrySchema, type ReferenceAgreement } from "./commands";

/** The stored reference leaderboards with their mapping and agreement, newest date first (the console reads it). */

export const referenceViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string().nullable(),
  /** YYYY-MM-DD: the date of the external leaderboard. */
  date: z.string(),
  createdAt: z.string(),
  entries: z.array(referenceEntrySchema.extend({ agentName: z.string().nullable() })),
  agreement: referenceAgreementSchema.nullable(),
  /** The examiner configuration the agreement compares with. */
  examinerName: z.string().nullable(),
  /** "ρ 0.94 [0.60, 1.00], τ 0.87, 6 agents" or why there is no figure. */
  line: z.string(),
});
export type ReferenceView = z.infer<typeof referenceViewSchema>;

export const referencesViewSchema = z.object({
  references: z.array(referenceViewSchema),
  /** Agents a name can be mapped to. */
  agents: z.array(z.object({ id: z.string(), name: z.string() })),
  minAgents: z.number().int(),
});
export type ReferencesView = z.infer<typeof referencesViewSchema>;

const two = (x: number) => x.toFixed(2);

export function referenceLine(a: ReferenceAgreement | null): string {
  if (!a) return "not computed yet";
  if (!a.examinerConfigId) return "no examiner ratings to compare with yet";
  if (!a.spearman || !a.kendall)
    return `${a.agents} mapped ${a.agents === 1 ? "agent is" : "agents are"} rated by the examiner: ${REFERENCE_MIN_AGENTS} needed`;
  return `ρ ${two(a.spearman.value)} [${two(a.spearman.lower)}, ${two(a.spearman.upper)}], τ ${two(a.kendall.value)} [${two(a.kendall.lower)}, ${two(a.kendall.upper)}], ${a.agents} agents`;
}

export async function readReferences(db: Db): Promise<ReferencesView> {
  const [rows, agents, configs] = await Promise.all([
    db.referenceLeaderboard.findMany({ orderBy: [{ date: "desc" }, { createdAt: "desc" }] }),
    db.agent.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true } }),
    db.examinerConfig.findMany({ select: { id: true, name: true } }),
  ]);
  const agentName = new Map(agents.map((a) => [a.id, a.name]));
  const configName = new Map(configs.map((c) => [c.id, c.name]));
  return referencesViewSchema.parse({
    references: rows.map((r) => {
      const agreement = r.agreement ? referenceAgreementSchema.parse(r.agreement) : null;
      return {
        id: r.id,
        name: r.name,
        source: r.source,
        date: r.date.toISOString().slice(0, 10),
        createdAt: r.createdAt.toISOString(),
        entries: z
          .array(referenceEntrySchema)
          .parse(r.entries)
          .map((e) => ({ ...e, agentName: e.agentId ? (agentName.get(e.agentId) ?? null) : null })),
        agreement,
        examinerName: agreement?.examinerConfigId ? (configName.get(agreement.examinerConfigId) ?? null) : null,
        line: referenceLine(agreement),
      };
    }),
    agents,
    minAgents: REFERENCE_MIN_AGENTS,
  });
}
