import { z } from "zod";
import type { PrismaClient } from "@arena/db";
import { NotFoundError } from "./load";

export const retiredTreeSchema = z.object({
  id: z.string(),
  retiredAt: z.string(),
  /** Matches played on it: they stay, with their rounds and ratings. */
  matches: z.number().int(),
});
export type RetiredTree = z.infer<typeof retiredTreeSchema>;

/**
 * Retires a tree: no new match uses it (tournament pairings and standalone matches skip it), and
 * it is never deleted, so the matches played on it keep their rounds and the ratings built on
 * them. Retiring twice keeps the first time.
 */
export async function retireTree(db: PrismaClient, id: string): Promise<RetiredTree> {
  const tree = await db.tree.findUnique({ where: { id }, select: { retiredAt: true, _count: { select: { matches: true } } } });
  if (!tree) throw new NotFoundError(`tree not found: ${id}`);
  const at = tree.retiredAt ?? new Date();
  if (!tree.retiredAt) await db.tree.update({ where: { id }, data: { retiredAt: at } });
  return { id, retiredAt: at.toISOString(), matches: tree._count.matches };
}
