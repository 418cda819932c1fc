import type { Command } from "commander";
import { z } from "zod";
import { prisma } from "@arena/db";
import { MAX_K, searchPages, startSandboxServer } from "@arena/trees";

const portSchema = z.coerce.number().int().min(0).max(65535);
const kSchema = z.coerce.number().int().min(1).max(MAX_K);

/** Parses a numeric option, failing with the option's name instead of a zod dump. */
function numberOption(schema: z.ZodType<number>, name: string, raw: string): number {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`${name} must be ${name === "--k" ? `an integer in 1..${MAX_K}` : "a port number"}, got "${raw}"`);
  return parsed.data;
}

/** `arena sandbox serve | search`: the offline web and search of SPEC §12. */
export function register(program: Command): void {
  const sandbox = program.command("sandbox").description("offline sandbox web and search over the stored pages");

  sandbox
    .command("serve")
    .description("serve stored pages and the search API over local HTTP until Ctrl-C")
    .option("--port <port>", "TCP port", "4100")
    .option("--host <host>", "interface to bind", "127.0.0.1")
    .action(async (opts: { port: string; host: string }) => {
      const server = await startSandboxServer(prisma(), { port: numberOption(portSchema, "--port", opts.port), host: opts.host });
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
    .action(async (query: string, opts: { k: string; json?: boolean }) => {
      const results = await searchPages(prisma(), query, numberOption(kSchema, "--k", opts.k));
      if (opts.json) return console.log(JSON.stringify(results, null, 2));
      if (!results.length) return console.log("no results");
      results.forEach((r, i) => {
        console.log(`${String(i + 1).padStart(2)}. ${r.title ?? "(untitled)"}  [${r.score.toFixed(3)}]`);
        console.log(`    ${r.url}`);
        console.log(`    ${r.snippet}`);
      });
    });
}
