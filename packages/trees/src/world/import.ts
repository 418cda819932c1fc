import { z } from "zod";
import type { Prisma, PrismaClient } from "@arena/db";
import { importTree, type TreeSummary } from "../store/import";
import { listTrees } from "../store/list";
import { generateWorld, type World, type WorldParams } from "./generate";

export interface WorldImport {
  params: WorldParams;
  pages: number;
  /** True when every tree of this world was already stored (nothing was written). */
  reused: boolean;
  trees: TreeSummary[];
}

const storedParamsSchema = z.object({ world: z.object({ hubs: z.number(), entities: z.number() }) });

/** A synthetic world to generate and store (POST /api/console/worlds). */
export const worldRequestSchema = z.object({
  seed: z.string().regex(/^[\w-]{1,64}$/, "letters, digits, - and _"),
  hubs: z.number().int().min(1).max(50).optional(),
  entities: z.number().int().min(1).max(200).optional(),
});

/** What POST /api/console/worlds answers. */
export const worldImportResultSchema = z.object({
  seed: z.string(),
  pages: z.number().int(),
  trees: z.number().int(),
  reused: z.boolean(),
});

/** A seed already stored with other parameters: its URLs would collide. */
export class WorldConflictError extends Error {}

/**
 * Generates the world and stores each hub as a `synthetic` tree with `worldSeed` = seed and
 * `meta = { world: { seed, hubs, entities, hub }, truth }` (the ground truth of that tree's
 * pages). Idempotent per seed: trees already stored for the seed (matched by root URL) are
 * reused, missing ones are imported, so an interrupted run completes on the next call. The
 * same seed with different parameters is refused. Two concurrent runs for one new seed are not
 * serialised (run them one after the other).
 */
export async function importWorld(db: PrismaClient, params: Partial<WorldParams> & { seed: string }): Promise<WorldImport> {
  const world: World = generateWorld(params);
  const existing = await db.tree.findMany({
    where: { source: "synthetic", worldSeed: world.params.seed },
    select: { id: true, rootUrl: true, meta: true },
  });
  for (const t of existing) {
    const stored = storedParamsSchema.safeParse(t.meta).data?.world;
    if (stored?.hubs !== world.params.hubs || stored?.entities !== world.params.entities) {
      throw new WorldConflictError(
        `world seed ${world.params.seed} is stored with hubs=${stored?.hubs} entities=${stored?.entities}; use another seed`,
      );
    }
  }
  const byRoot = new Map(existing.map((t) => [t.rootUrl, t.id]));
  const summaries: TreeSummary[] = [];
  let written = 0;
  for (const [hub, wt] of world.trees.entries()) {
    const id = byRoot.get(wt.tree.url);
    if (id) {
      // The stored tree's summary, in the shape an import answers (listTrees adds retirement and matches).
      for (const { id: treeId, rootUrl, title, nodes, maxDepth } of await listTrees(db, { ids: [id] }))
        summaries.push({ id: treeId, rootUrl, title, nodes, maxDepth });
      continue;
    }
    const meta = { world: { ...world.params, hub }, truth: wt.truth } as unknown as Prisma.InputJsonValue;
    summaries.push(
      await importTree(db, wt.tree, {
        source: "synthetic",
        worldSeed: world.params.seed,
        topic: wt.topic,
        sourceName: `world:${world.params.seed}`,
        meta,
      }),
    );
    written++;
  }
  return { params: world.params, pages: world.pages, reused: written === 0, trees: summaries };
}
