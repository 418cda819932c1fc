import type { Command } from "commander";
import { z } from "zod";
import { parseOptions } from "../options";

/**
 * `arena source add|list|remove`: the topic sources scheduled crawls take hub pages from (hub URLs,
 * RSS/Atom feeds, sitemaps, a topic for a search provider); the console's Trees page shows the same.
 */
const addOptions = z.object({
  kind: z.enum(["hub", "feed", "sitemap", "search"], { error: "--kind must be hub, feed, sitemap or search" }),
  provider: z.string().optional(),
  endpoint: z.string().optional(),
  json: z.boolean().default(false),
});

export function register(program: Command): void {
  const source = program.command("source").description("topic sources of the tree schedule: hubs, feeds, sitemaps, search topics");

  source
    .command("add <value>")
    .description("add a source: a URL (hub, feed, sitemap) or a topic (search)")
    .requiredOption("--kind <kind>", "hub | feed | sitemap | search")
    .option("--provider <name>", "search: searxng (default) or sandbox")
    .option("--endpoint <url>", "search: the provider's base URL")
    .option("--json", "machine-readable output")
    .action(async (value: string, raw: unknown) => {
      const opts = parseOptions(addOptions, raw);
      const [{ prisma }, { addSource }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      const row = await addSource(
        prisma(),
        opts.kind === "search"
          ? { kind: "search", value, ...(opts.provider ? { provider: opts.provider } : {}), endpoint: opts.endpoint ?? "" }
          : { kind: opts.kind, value },
      );
      console.log(opts.json ? JSON.stringify(row) : `source ${row.id}: ${row.kind} ${row.value}`);
    });

  source
    .command("list")
    .description("the sources, in the order scheduled runs read them")
    .option("--json", "machine-readable output")
    .action(async (opts: { json?: boolean }) => {
      const [{ prisma }, { listSources }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      const rows = await listSources(prisma());
      if (opts.json) return console.log(JSON.stringify(rows));
      if (!rows.length) return console.log("no sources (arena source add --kind hub|feed|sitemap|search <value>)");
      for (const r of rows)
        console.log(`${r.id}  ${r.kind.padEnd(8)}${r.value}${r.kind === "search" ? `  (${r.provider} at ${r.endpoint})` : ""}`);
    });

  source
    .command("remove <id>")
    .description("remove a source (trees crawled from it stay)")
    .action(async (id: string) => {
      const [{ prisma }, { removeSource }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      await removeSource(prisma(), id);
      console.log(`source ${id} removed`);
    });
}
