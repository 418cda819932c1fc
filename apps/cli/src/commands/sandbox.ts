import type { Command } from "commander";
import { z } from "zod";
import { MAX_K } from "@arena/trees/search";
import { parseOptions } from "../options";

const serveOptions = z.object({ port: z.coerce.number().int().min(0).max(65535), host: z.string().min(1) });
const searchOptions = z.object({ k: z.coerce.number().int().min(1).max(MAX_K), json: z.boolean().optional() });

/** `arena sandbox serve | search`: the offline web and search of docs/method.md §12. */
export function register(program: Command): void {
  const sandbox = program.command("sandbox").description("offline sandbox web and search over the stored pages");

  sandbox
    .command("serve")
    .description("serve stored pages and the search API over local HTTP until Ctrl-C")
    .option("--port <port>", "TCP port", "4100")
    .option("--host <host>", "interface to bind", "127.0.0.1")
    .action(async (raw: unknown) => {
      const opts = parseOptions(serveOptions, raw);
      const [{ prisma }, { startSandboxServer }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      const server = await startSandboxServer(prisma(), opts);
      console.log(`sandbox web at ${server.url}/sandbox/page?url=... and ${server.url}/sandbox/search?q=...`);
      await new Promise<void>((resolve) => {
        process.once("SIGINT", resolve);
        process.once("SIGTERM", resolve);
      });
      await server.close();
    });

  sandbox
    .command("search <query>")
    .description("ranked full-text search over every stored page with content")
    .option("--k <n>", `number of results (1..${MAX_K})`, "10")
    .option("--json", "machine-readable output")
    .action(async (query: string, raw: unknown) => {
      const opts = parseOptions(searchOptions, raw);
      const [{ prisma }, { searchPages }] = await Promise.all([import("@arena/db"), import("@arena/trees")]);
      const results = await searchPages(prisma(), query, opts.k);
      if (opts.json) return console.log(JSON.stringify(results, null, 2));
      if (!results.length) return console.log("no results");
      results.forEach((r, i) => {
        console.log(`${String(i + 1).padStart(2)}. ${r.title ?? "(untitled)"}  [${r.score.toFixed(3)}]`);
        console.log(`    ${r.url}`);
        console.log(`    ${r.snippet}`);
      });
    });
}
