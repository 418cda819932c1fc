import type { ExaminerConfig, PrismaClient } from "@arena/db";
import { HEURISTIC_VERSION } from "@arena/examiner";

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
  const [config, tree] = await Promise.all([
    db.examinerConfig.findUniqueOrThrow({ where: { id: m.examinerConfigId } }),
    db.tree.findUnique({ where: { id: m.treeId }, select: { retiredAt: true } }),
  ]);
  if (tree?.retiredAt) throw new Error(`tree ${m.treeId} is retired: new matches do not use it`);
  return db.match.create({ data: { ...m, examinerMode: config.mode } });
}

/**
 * An offline examiner configuration, created once and reused: "heuristic:<question generation
 * version>" by default, so ratings of one generation never pool with another's (ratings are kept
 * per configuration); another name keeps ratings apart too, as simulations do.
 */
export function heuristicExaminerConfig(db: PrismaClient, name = `heuristic:${HEURISTIC_VERSION}`): Promise<ExaminerConfig> {
  const data = { mode: "heuristic" as const, promptVersion: HEURISTIC_VERSION };
  return db.examinerConfig.upsert({ where: { name }, create: { name, ...data }, update: {} });
}
