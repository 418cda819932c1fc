import type { Command } from "commander";
import { z } from "zod";
import { parseOptions } from "../options";

const optionsSchema = z.object({
  seed: z.string(),
  hubs: z.coerce.number().int().positive().optional(),
  entities: z.coerce.number().int().positive().optional(),
  // `--scale` alone means 20,000 pages.
  scale: z.union([z.literal(true), z.coerce.number().int().positive()]).optional(),
  json: z.boolean().optional(),
});

/** `arena world generate`: the deterministic synthetic world, stored as synthetic trees. */
export function register(program: Command): void {
  const world = program.command("world").description("synthetic world with exact ground truth");

  world
    .command("generate")
    .description("generate the world for a seed and store it (idempotent per seed)")
    .requiredOption("--seed <seed>", "world seed (letters, digits, '-', '_')")
    .option("--hubs <n>", "hub pages (one tree each)")
    .option("--entities <n>", "entity pages per hub")
    .option("--scale [pages]", "size the world to at least this many pages (default 20000)")
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const [{ prisma }, { importWorld, scaleParams }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      const params = opts.scale
        ? scaleParams(opts.seed, opts.scale === true ? 20_000 : opts.scale)
        : { seed: opts.seed, hubs: opts.hubs, entities: opts.entities };
      const result = await importWorld(prisma(), params);
      if (opts.json) return console.log(JSON.stringify(result, null, 2));
      const { seed, hubs, entities } = result.params;
      console.log(`world ${seed}: ${hubs} hubs × ${entities} entities, ${result.pages} pages${result.reused ? " (already stored)" : ""}`);
      for (const t of result.trees) console.log(`${t.id}  ${String(t.nodes).padStart(5)} nodes  depth ${t.maxDepth}  ${t.title}`);
    });
}
