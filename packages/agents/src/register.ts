import { z } from "zod";
import { operatorAllowList, type Prisma, type PrismaClient } from "@arena/db";
import { assertAllowedUrl, NetError } from "@arena/net";
import type { AgentAnswer } from "@arena/core";
import { createAgentClient, healthCheck } from "./client";
import { DEFAULT_ENDPOINTS, registrationProblems, STORED_PROTOCOL, submittedProtocolSchema, type EndpointProtocol } from "./protocols";
import { encryptSecret, loadSecretKey, secretContext } from "./secrets";
import { AGENT_DESCRIPTION_MAX } from "./limits";
import type { AgentRecord, HealthFailure } from "./types";
import { probeAnswerProblems } from "./probe-check";

/**
 * Registering an agent endpoint: one implementation for `arena agent add`, the browser form and
 * `POST /api/agents`. Order matters: nothing is written unless the name is free, the address
 * guard lets the endpoint through and the protocol's health check passes.
 */

/** Why a registration (or a re-check) was refused; callers map kinds to exit codes / HTTP statuses. */
export type AgentRegistrationErrorKind = "duplicate" | "refused" | "health" | "not_found" | "conflict" | "rate_limited";

export class AgentRegistrationError extends Error {
  constructor(
    readonly kind: AgentRegistrationErrorKind,
    message: string,
    /** For `refused` and `health`: the failed check's class and HTTP status. */
    readonly failure?: HealthFailure,
  ) {
    super(message);
  }
}

export const agentDescriptionSchema = z
  .string()
  .trim()
  .max(AGENT_DESCRIPTION_MAX, `description is at most ${AGENT_DESCRIPTION_MAX.toLocaleString("en-US")} characters`);

/** Names reserved for agents the arena registers itself. */
const RESERVED_PREFIXES = ["builtin:", "sim:"];

export const agentNameSchema = z
  .string()
  .trim()
  .min(1, "name is required")
  .max(100, "name is at most 100 characters")
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._:@/+-]*$/u, "name may use letters, digits, spaces and . _ : @ / + -")
  .refine((n) => !RESERVED_PREFIXES.some((p) => n.toLowerCase().startsWith(p)), "names starting with builtin: or sim: are reserved");

const httpUrl = z
  .string()
  .trim()
  .max(2000, "endpoint is at most 2,000 characters")
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), "endpoint must be an http(s) URL");

/** A page about the agent: http(s) only, since it is shown to visitors as a link. */
export const agentLinkSchema = z
  .string()
  .trim()
  .max(2000, "link is at most 2,000 characters")
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), "link must be an http(s) URL");
export const agentOrganisationSchema = z.string().trim().max(200, "organisation is at most 200 characters");

/**
 * The public submission format (`POST /api/agents`, the form): snake_case, protocol as users write
 * it. Provider protocols (openai-responses, anthropic, gemini) need only a model and a key: the
 * endpoint defaults to the provider's API, and `tools` chooses among the tools the provider runs.
 */
export const agentSubmissionSchema = z
  .object({
    name: agentNameSchema,
    description: agentDescriptionSchema.default(""),
    organisation: agentOrganisationSchema.optional(),
    link: agentLinkSchema.optional(),
    protocol: submittedProtocolSchema,
    endpoint: httpUrl.optional(),
    model: z.string().trim().max(200, "model is at most 200 characters").optional(),
    api_key: z.string().max(4096, "api_key is at most 4,096 characters").optional(),
    tools: z.array(z.string().max(50)).max(10).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    for (const p of registrationProblems(s)) ctx.addIssue({ code: "custom", path: [p.field], message: p.message });
  });
export type AgentSubmission = z.output<typeof agentSubmissionSchema>;

export interface NewAgent {
  name: string;
  description?: string | null;
  organisation?: string | null;
  link?: string | null;
  protocol: EndpointProtocol;
  endpoint: string;
  model?: string | null;
  /** The API key / bearer token in clear; encrypted before anything is stored. */
  secret?: string | null;
  /** Environment variable the secret came from (CLI), shown instead of the value. */
  secretEnv?: string | null;
  config?: Record<string, unknown>;
  ownerId?: string | null;
  approval?: "pending" | "approved";
}

/** What callers may show about an agent: never the secret. */
export interface RegisteredAgent {
  id: string;
  name: string;
  description: string | null;
  organisation: string | null;
  link: string | null;
  protocol: string;
  endpoint: string | null;
  model: string | null;
  status: string;
  approval: string;
  builtin: boolean;
  hasKey: boolean;
  createdAt: Date;
}

const PUBLIC_SELECT = {
  id: true,
  name: true,
  description: true,
  organisation: true,
  link: true,
  protocol: true,
  endpoint: true,
  model: true,
  status: true,
  approval: true,
  builtin: true,
  secretEnc: true,
  createdAt: true,
} as const;

function toPublic(row: Prisma.AgentGetPayload<{ select: typeof PUBLIC_SELECT }>): RegisteredAgent {
  const { secretEnc, ...rest } = row;
  return { ...rest, hasKey: secretEnc !== null };
}

/** A submission in the shape registerAgent takes. */
export function fromSubmission(s: AgentSubmission, ownerId: string | null, approval: "pending" | "approved"): NewAgent {
  return {
    name: s.name,
    description: s.description || null,
    organisation: s.organisation || null,
    link: s.link || null,
    protocol: STORED_PROTOCOL[s.protocol],
    endpoint: s.endpoint ?? DEFAULT_ENDPOINTS[STORED_PROTOCOL[s.protocol]]!,
    model: s.model || null,
    secret: s.api_key || null,
    ...(s.tools ? { config: { tools: s.tools } } : {}),
    ownerId,
    approval,
  };
}

export interface CheckDeps {
  /** Operator allow-list entries; default: the AllowedHost table. */
  allow?: string[];
  secretKey?: Buffer;
}

/** Address guard, then the protocol's health check; throws AgentRegistrationError (refused | health). */
export async function checkAgentEndpoint(db: PrismaClient, record: AgentRecord, deps: CheckDeps = {}): Promise<string> {
  const allow = deps.allow ?? (await operatorAllowList(db));
  try {
    await assertAllowedUrl(record.endpoint ?? "", { allow, purpose: "agent", allowOrigin: record.endpoint ?? "" });
  } catch (err) {
    if (err instanceof NetError)
      throw new AgentRegistrationError(
        "refused",
        `endpoint refused by the address guard: ${err.message}${allowListHint(err, record.endpoint)}`,
        { class: "refused", status: null },
      );
    throw err;
  }
  const health = await healthCheck(record, { allow, ...(deps.secretKey ? { secretKey: deps.secretKey } : {}) });
  if (!health.ok)
    throw new AgentRegistrationError("health", `health check failed: ${health.detail}`, health.failure ?? { class: null, status: null });
  return health.detail;
}

/**
 * A private or local address is refused unless the operator allow-lists its host: the owner
 * cannot fix that, so the refusal says whom to ask and where it is set.
 */
function allowListHint(err: NetError, endpoint: string | null): string {
  if (!err.message.includes("not allow-listed")) return "";
  let host = "the host";
  try {
    host = new URL(endpoint ?? "").host;
  } catch {
    // The guard refused a malformed URL before this; keep the generic wording.
  }
  return ` — ask the arena's operator to allow-list ${host} (the ARENA_AGENT_ALLOW_HOSTS variable, or the console's address-guard allow-list)`;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "P2002";
}

/**
 * The agent whose name equals `name` once both are compared as the database compares them
 * (NFKC, lower case, whitespace collapsed: the `nameKey` column and its unique index).
 */
export async function agentNamed(db: PrismaClient, name: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db.$queryRaw<
    Array<{ id: string; name: string }>
  >`SELECT id, name FROM "Agent" WHERE "nameKey" = agent_name_key(${name}) LIMIT 1`;
  return row ?? null;
}

function duplicate(name: string, existing: string): AgentRegistrationError {
  return new AgentRegistrationError(
    "duplicate",
    `the name ${name} is taken: an agent named ${existing} already exists (names are compared ignoring case, character width and spacing)`,
  );
}

/**
 * Registers an endpoint agent (see module comment); returns it without its secret. `beforeWrite`
 * runs in the write's transaction just before the row is inserted (a caller's lock and limit, so
 * two concurrent registrations cannot both pass a count); what it throws leaves nothing written.
 */
export async function registerAgent(
  db: PrismaClient,
  input: NewAgent,
  deps: CheckDeps = {},
  beforeWrite?: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<RegisteredAgent & { health: string }> {
  const name = agentNameSchema.parse(input.name);
  const taken = await agentNamed(db, name);
  if (taken) throw duplicate(name, taken.name);
  const secretKey = input.secret ? (deps.secretKey ?? loadSecretKey()) : undefined;
  const record: AgentRecord = {
    name,
    protocol: input.protocol,
    endpoint: input.endpoint,
    model: input.model ?? null,
    secretEnc: input.secret ? encryptSecret(input.secret, secretKey!, secretContext("agent", name, "secretEnc")) : null,
    config: input.config ?? {},
  };
  const health = await checkAgentEndpoint(db, record, { ...deps, ...(secretKey ? { secretKey } : {}) });
  try {
    const row = await db.$transaction(async (tx) => {
      await beforeWrite?.(tx);
      return tx.agent.create({
        data: {
          name,
          description: input.description ?? null,
          organisation: input.organisation ?? null,
          link: input.link ?? null,
          protocol: record.protocol,
          endpoint: record.endpoint,
          model: record.model,
          secretEnc: record.secretEnc,
          secretEnv: input.secretEnv ?? null,
          config: (input.config ?? {}) as Prisma.InputJsonObject,
          status: "healthy",
          healthAt: new Date(),
          ownerId: input.ownerId ?? null,
          approval: input.approval ?? "approved",
        },
        select: PUBLIC_SELECT,
      });
    });
    return { ...toPublic(row), health };
  } catch (err) {
    // Two submissions racing for one name: the unique index decides.
    if (isUniqueViolation(err)) throw duplicate(name, (await agentNamed(db, name))?.name ?? name);
    throw err;
  }
}

/** Runs the health check of a stored agent again and records the result (healthy / unhealthy). */
export async function recheckAgentHealth(
  db: PrismaClient,
  agentId: string,
  deps: CheckDeps = {},
): Promise<{ ok: boolean; detail: string }> {
  const agent = await db.agent.findUnique({ where: { id: agentId } });
  if (!agent) throw new AgentRegistrationError("not_found", `no agent ${agentId}`);
  let result: { ok: boolean; detail: string };
  let failure: HealthFailure | null = null;
  try {
    result = { ok: true, detail: await checkAgentEndpoint(db, agent, deps) };
  } catch (err) {
    if (!(err instanceof AgentRegistrationError)) throw err;
    result = { ok: false, detail: err.message };
    failure = err.failure ?? { class: null, status: null };
  }
  // A disabled agent stays disabled: only an admin re-enables it.
  if (agent.status !== "disabled") {
    await db.agent.update({
      where: { id: agentId },
      data: {
        status: result.ok ? "healthy" : "unhealthy",
        healthError: result.ok ? null : result.detail,
        healthErrorClass: failure?.class ?? null,
        healthHttpStatus: failure?.status ?? null,
        healthAt: new Date(),
      },
    });
  }
  return result;
}

/** Replaces an agent's key (encrypted) and re-runs its health check with the new one. */
export async function rotateAgentKey(db: PrismaClient, agentId: string, secret: string | null, deps: CheckDeps = {}) {
  const agent = await db.agent.findUnique({ where: { id: agentId }, select: { name: true } });
  if (!agent) throw new AgentRegistrationError("not_found", `no agent ${agentId}`);
  const secretEnc = secret
    ? encryptSecret(secret, deps.secretKey ?? loadSecretKey(), secretContext("agent", agent.name, "secretEnc"))
    : null;
  await db.agent.update({ where: { id: agentId }, data: { secretEnc, secretEnv: null } });
  return recheckAgentHealth(db, agentId, deps);
}

const FALLBACK_PROBE = "What is the DR Arena, and how are deep research agents compared there? Cite your sources.";

/** A probe question about a page of the sandbox (a random stored page with a title), or a generic one. */
export async function probeQuestion(db: PrismaClient): Promise<string> {
  const [page] = await db.$queryRaw<Array<{ title: string }>>`
    SELECT title FROM "Node" WHERE title IS NOT NULL AND content IS NOT NULL ORDER BY random() LIMIT 1`;
  return page ? `Find the web page titled "${page.title}" and summarise its main facts in three sentences, citing it.` : FALLBACK_PROBE;
}

export interface ProbeResult {
  health: string;
  question: string;
  answer: AgentAnswer;
  /** What is wrong with the answer for the arena (no readable citation, …), with the formats it reads. */
  problems: string[];
}

/**
 * "Test endpoint": guard and health check, then one probe question, before anything is stored.
 * The answer comes back as the adapters give it (error class and detail on failure), except that
 * provider redirect links are not resolved.
 */
export async function probeAgentEndpoint(db: PrismaClient, input: NewAgent, deps: CheckDeps = {}): Promise<ProbeResult> {
  const secretKey = input.secret ? (deps.secretKey ?? loadSecretKey()) : undefined;
  const allow = deps.allow ?? (await operatorAllowList(db));
  const name = input.name || "probe";
  const record: AgentRecord = {
    name,
    protocol: input.protocol,
    endpoint: input.endpoint,
    model: input.model ?? null,
    secretEnc: input.secret ? encryptSecret(input.secret, secretKey!, secretContext("agent", name, "secretEnc")) : null,
    config: input.config ?? {},
  };
  const health = await checkAgentEndpoint(db, record, { allow, ...(secretKey ? { secretKey } : {}) });
  const question = await probeQuestion(db);
  // The probe runs in the web process: it makes no request an answer asks for (Gemini's redirect links stay as sent).
  const client = createAgentClient(record, { allow, resolveRedirects: false, ...(secretKey ? { secretKey } : {}) });
  const answer = await client.answer(
    { question, wordLimitInstruction: "Answer in at most 150 words.", history: [] },
    { seed: "probe", signal: AbortSignal.timeout(120_000) },
  );
  return { health, question, answer, problems: probeAnswerProblems(answer) };
}
