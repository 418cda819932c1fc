import type { Command } from "commander";
import { z } from "zod";
import { parseOptions } from "../options";

export const webOptionsSchema = z.object({
  port: z.coerce.number().int().min(1).max(65535),
  host: z.string().min(1),
});

/** `arena web`: serve the production build of the web app (building it first when missing) until Ctrl-C. */
export function register(program: Command): void {
  program
    .command("web")
    .description("serve the web app (production build, built first when missing) on DATABASE_URL / REDIS_URL")
    .option("--port <port>", "port", "3000")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .action(async (raw: unknown) => {
      const opts = parseOptions(webOptionsSchema, raw);
      const { ensureWebBuild, startWebServer } = await import("../web-server");
      await ensureWebBuild((line) => console.error(`[web] ${line}`));
      const server = await startWebServer(opts);
      console.log(`DR Arena web app: ${server.url}`);
      for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void server.stop());
      const code = await server.exited;
      if (code !== 0 && code !== 143) process.exitCode = code;
    });
}
