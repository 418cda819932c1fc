import type { ExaminerConfig, PrismaClient } from "@arena/db";

export interface NewMatch {
  treeId: string;
  agentAId: string;
  agentBId: string;
  examinerConfigId: string;
  seed: string;
  tournamentId?: string;
  pairingId?: string;
}

export async function createMatch(db: PrismaClient, m: NewMatch) {
  if (m.agentAId === m.agentBId) throw new Error("an agent cannot play itself");
  const config = await db.examinerConfig.findUniqueOrThrow({ where: { id: m.examinerConfigId } });
  return db.match.create({ data: { ...m, examinerMode: config.mode } });
}

/**
 * An offline examiner configuration, created once and reused: "heuristic" by default; another
 * name keeps its ratings apart (ratings are kept per configuration), as simulations do.
 */
export function heuristicExaminerConfig(db: PrismaClient, name = "heuristic"): Promise<ExaminerConfig> {
  const data = { mode: "heuristic" as const, promptVersion: "v1" };
  return db.examinerConfig.upsert({ where: { name }, create: { name, ...data }, update: {} });
}
