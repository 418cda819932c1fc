import { buildTaskContext, Rng, seedOf, type TaskContext } from "@arena/core";
import type { PrismaClient } from "@arena/db";
import { createExaminer } from "@arena/examiner";
import { loadTreeView } from "@arena/trees/store";
import { z } from "zod";
import { AuditError } from "./errors";
import { VARIANTS, type Variant } from "./options";
import { variantChoiceSchema } from "./requests";

/**
 * Instrument I of the paper (Table 5): for an audited round's node, three question + checklist
 * variants generated from different context: the full tree (ancestors as the logic chain, the
 * pool to aggregate), a flat context (every node of chain and pool as one unstructured list)
 * and no logic chain (the pool alone). Generated with the offline heuristic examiner, so they
 * are reproducible and cost nothing; an llm configuration's own variants are not generated here.
 * The auditor sees them in a random order (seeded by item and auditor) without their names.
 */
export function variantContexts(full: TaskContext): Record<Variant, TaskContext> {
  return {
    full_tree: full,
    flat_context: { ...full, reasoningChain: [], aggregationPool: [...full.reasoningChain, ...full.aggregationPool], depth: 1 },
    no_logic_chain: { ...full, reasoningChain: [] },
  };
}

export interface VariantOption {
  question: string;
  checklistDepth: { item: string; detail: string }[];
  checklistWidth: { item: string; detail: string }[];
}

/** The order an auditor sees the variants in: a permutation fixed per item and auditor. */
export function variantOrder(itemId: string, auditorId: string): Variant[] {
  return Rng.fromSeed(seedOf(`${itemId}:${auditorId}`)).shuffle(VARIANTS);
}

/** The three variants of an item's node, in the auditor's order, labelled only "Option 1–3". */
export async function itemVariants(db: PrismaClient, itemId: string, auditorId: string): Promise<{ order: Variant[]; options: (VariantOption | null)[] }> {
  const item = await db.auditItem.findUnique({ where: { id: itemId }, select: { round: { select: { width: true, pathNodeIds: true, match: { select: { treeId: true } } } } } });
  if (!item) throw new AuditError(404, "audit item not found");
  const path = z.array(z.string()).parse(item.round.pathNodeIds);
  const tree = await loadTreeView(db, item.round.match.treeId);
  const built = buildTaskContext({ tree, path, width: item.round.width, previousQuestions: [], rng: Rng.fromSeed(seedOf(itemId)) });
  if (built.kind !== "context") throw new AuditError(409, "this round's node has no content to generate variants from");
  const contexts = variantContexts(built.context);
  const examiner = createExaminer({ mode: "heuristic" });
  const order = variantOrder(itemId, auditorId);
  const options = await Promise.all(
    order.map(async (v) => {
      try {
        const { task } = await examiner.generateTask(contexts[v], { seed: `instrument-i:${itemId}` });
        const strip = (items: typeof task.checklistDepth) => items.map((c) => ({ item: c.item, detail: c.detail }));
        return { question: task.question, checklistDepth: strip(task.checklistDepth), checklistWidth: strip(task.checklistWidth) };
      } catch {
        return null; // this configuration could not produce a task from the node
      }
    }),
  );
  return { order, options };
}

/** Stores (or replaces) the auditor's picks, translated from "Option n" to the configuration. */
export async function chooseVariants(db: PrismaClient, itemId: string, auditorId: string, input: z.input<typeof variantChoiceSchema>) {
  const c = variantChoiceSchema.parse(input);
  const item = await db.auditItem.findUnique({ where: { id: itemId }, select: { queue: { select: { closedAt: true } } } });
  if (!item) throw new AuditError(404, "audit item not found");
  if (item.queue.closedAt) throw new AuditError(409, "this audit queue is closed");
  const order = variantOrder(itemId, auditorId);
  const data = { order, bestQuestion: order[c.bestQuestion - 1]!, bestChecklist: order[c.bestChecklist - 1]! };
  await db.auditVariantChoice.upsert({ where: { itemId_auditorId: { itemId, auditorId } }, create: { itemId, auditorId, ...data }, update: data });
  return { saved: true };
}

/** The next item of a queue the auditor has not compared variants for (no hold: every auditor may answer every item). */
export async function nextVariantItem(db: PrismaClient, queueId: string, auditorId: string): Promise<string | null> {
  const item = await db.auditItem.findFirst({ where: { queueId, variants: { none: { auditorId } } }, orderBy: { ordinal: "asc" }, select: { id: true } });
  return item?.id ?? null;
}
