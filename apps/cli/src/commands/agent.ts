import type { Command } from "commander";
import { z } from "zod";
import { namedVariable } from "@arena/env";
import {
  DEFAULT_ENDPOINTS,
  registrationProblems,
  STORED_PROTOCOL,
  SUBMITTED_PROTOCOLS,
  submittedProtocolSchema,
} from "@arena/agents/protocols";
import { parseOptions } from "../options";

/**
 * `arena agent list | add | remove | builtin`. `add` refuses an endpoint the address guard refuses or
 * that fails its health check, and stores the secret (read from an environment variable, never
 * from the command line, so it stays out of shell history) encrypted.
 */
export function register(program: Command): void {
  const agent = program.command("agent").description("register and inspect agents");

  agent
    .command("list")
    .description("list registered agents")
    .option("--json", "machine-readable output")
    .action(async (opts: { json?: boolean }) => {
      const { prisma } = await import("@arena/db");
      const rows = await prisma().agent.findMany({
        orderBy: { name: "asc" },
        select: { id: true, name: true, protocol: true, endpoint: true, builtin: true, status: true },
      });
      if (opts.json) return console.log(JSON.stringify(rows, null, 2));
      if (!rows.length) return console.log("no agents registered");
      for (const r of rows) console.log(`${r.name.padEnd(28)} ${r.protocol.padEnd(10)} ${r.status.padEnd(9)} ${r.endpoint ?? ""}`);
    });

  agent
    .command("add")
    .description("register an agent endpoint after the address guard and a health check")
    .requiredOption("--name <name>", "unique agent name")
    .requiredOption("--protocol <protocol>", SUBMITTED_PROTOCOLS.join(" | "))
    .option(
      "--endpoint <url>",
      "base URL (openai; default: the provider's API for openai-responses, anthropic, gemini) or answer URL (arena-http)",
    )
    .option("--model <model>", "model name (required except for arena-http)")
    .option(
      "--tools <list>",
      "comma-separated provider tools: openai-responses web_search,web_search_preview,code_interpreter; anthropic web_search,web_fetch; gemini google_search,url_context,code_execution",
    )
    .option("--secret-env <VAR>", "environment variable holding the API key / bearer token")
    .option("--config <json>", "protocol settings as JSON (timeouts, price, background, deadlineMs...)", "{}")
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const opts = parseAddOptions(raw);
      const [{ prisma }, { registerAgent }] = await Promise.all([import("@arena/db"), import("@arena/agents")]);
      const row = await registerAgent(prisma(), {
        name: opts.name,
        protocol: STORED_PROTOCOL[opts.protocol],
        endpoint: opts.endpoint ?? DEFAULT_ENDPOINTS[STORED_PROTOCOL[opts.protocol]]!,
        model: opts.model ?? null,
        secret: opts.secret,
        secretEnv: opts.secretEnv ?? null,
        config: opts.tools ? { ...opts.config, tools: opts.tools } : opts.config,
      });
      const { health, ...agent } = row;
      if (opts.json) return console.log(JSON.stringify(agent, null, 2));
      console.log(`added ${agent.name} (${agent.protocol}, ${agent.id}): ${health}`);
    });

  agent
    .command("remove <agent>")
    .description(
      "delete an agent (id or name) that never played; one that played is retired: its matches and ratings stay, it plays no more",
    )
    .option("--json", "machine-readable output")
    .action(async (ref: string, opts: { json?: boolean }) => {
      const [{ prisma }, { agentNamed, removeAgent }] = await Promise.all([import("@arena/db"), import("@arena/agents")]);
      const db = prisma();
      const byId = await db.agent.findUnique({ where: { id: ref }, select: { id: true, name: true } });
      const target = byId ?? (await agentNamed(db, ref));
      if (!target) throw new Error(`no agent ${ref}`);
      const result = await removeAgent(db, target.id, null);
      if (opts.json) return console.log(JSON.stringify({ ...result, name: target.name }, null, 2));
      console.log(`${target.name} ${result.removed}`);
    });

  agent
    .command("builtin")
    .alias("seed-builtin")
    .description("register or update the built-in sandbox agents (idempotent)")
    .option("--json", "machine-readable output")
    .action(async (opts: { json?: boolean }) => {
      const [{ prisma }, { ensureBuiltinAgents }] = await Promise.all([import("@arena/db"), import("@arena/agents")]);
      const rows = await ensureBuiltinAgents(prisma());
      const out = rows.map((r) => ({ id: r.id, name: r.name, protocol: r.protocol, builtin: r.builtin, status: r.status }));
      if (opts.json) return console.log(JSON.stringify(out, null, 2));
      for (const r of out) console.log(`${r.name} (${r.id}) ${r.status}`);
    });
}

const AddOptions = z.object({
  name: z.string().trim().min(1).max(100),
  protocol: submittedProtocolSchema,
  endpoint: z.string().url().optional(),
  model: z.string().min(1).optional(),
  tools: z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .optional(),
  secretEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "not an environment variable name")
    .optional(),
  config: z.string().transform((s, ctx) => {
    try {
      const v: unknown = JSON.parse(s);
      if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: "custom", message: "--config must be a JSON object" });
    return z.NEVER;
  }),
  json: z.boolean().optional(),
});

function parseAddOptions(raw: unknown) {
  const o = parseOptions(AddOptions, raw);
  const problem = registrationProblems(o)[0];
  if (problem) throw new Error(`--${problem.field}: ${problem.message}`);
  let secret: string | null = null;
  if (o.secretEnv) {
    const value = namedVariable(o.secretEnv);
    if (!value) throw new Error(`environment variable ${o.secretEnv} is not set`);
    secret = value;
  }
  return { ...o, secret };
}
