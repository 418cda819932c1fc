import type { Prisma } from "@arena/db";

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The columns of a match reference (matchRefSchema): tables of tournaments and agents list these. */
export const matchRefSelect = {
  id: true,
  treeId: true,
  tree: { select: { title: true } },
  agentA: { select: { id: true, name: true } },
  agentB: { select: { id: true, name: true } },
  status: true,
  winner: true,
  scoreA: true,
  scoreB: true,
  rounds: true,
} satisfies Prisma.MatchSelect;
