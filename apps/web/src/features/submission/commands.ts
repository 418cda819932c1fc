import type { z } from "zod";
import { AgentRegistrationError, agentSubmissionSchema, fromSubmission, probeAgentEndpoint, recentSubmissions, registerAgent, type AgentSubmission } from "@arena/agents";
import { readSettings } from "@arena/db/accounts";
import { approveAgent, withQueues } from "@arena/tournament";
import { createRedis, takeSlot } from "@arena/jobs";
import type { Redis } from "ioredis";
import { errorOf, errorResponse, issueText } from "@/lib/api/http";
import { db } from "@/lib/db";

/** A refused registration or owner command as its response (statuses: lib/api/http's table), else null. */
export function refusal(err: unknown): Response | null {
  return err instanceof AgentRegistrationError ? errorOf(err) : null;
}

/** The first problem of a malformed submission, as the form and the API show it. */
export function invalid(error: z.ZodError): Response {
  return errorResponse(400, issueText(error));
}

export function parseSubmission(body: unknown) {
  return agentSubmissionSchema.safeParse(body);
}

/** Submissions per owner and hour: enough for honest retries, not for flooding the health checker. */
export const SUBMISSIONS_PER_HOUR = 10;

/** A 429 when the owner submitted SUBMISSIONS_PER_HOUR agents in the last hour. */
export async function submissionLimit(ownerId: string): Promise<Response | null> {
  if ((await recentSubmissions(db(), ownerId, 3_600_000)) < SUBMISSIONS_PER_HOUR) return null;
  return errorResponse(429, `at most ${SUBMISSIONS_PER_HOUR} agent submissions an hour`, { "retry-after": "3600" });
}

/**
 * Registers an owner's agent (guard, health check, encrypted key) as pending, or approved and
 * entered in the open tournament when the operator turned auto-approval on.
 */
export async function submitAgent(ownerId: string, s: AgentSubmission) {
  const { autoApproval } = await readSettings(db());
  const agent = await registerAgent(db(), fromSubmission(s, ownerId, autoApproval ? "approved" : "pending"));
  const joined = autoApproval ? (await withQueues((q) => approveAgent(db(), q, agent.id))).joined : null;
  const { health: _health, ...shown } = agent;
  return { ...shown, approval: autoApproval ? "approved" : "pending", joined };
}

/** Probes per user and hour, counted in Redis: every web process draws on one budget per user. */
export const PROBES_PER_HOUR = 30;

/** A 429 when the user ran PROBES_PER_HOUR probes in the last hour (on any web process); else counts this one. */
export async function probeLimit(userId: string): Promise<Response | null> {
  const slot = await takeSlot(limitsRedis(), "probe", userId, PROBES_PER_HOUR, 3_600_000);
  if (slot.allowed) return null;
  return errorResponse(429, `at most ${PROBES_PER_HOUR} endpoint tests an hour`, { "retry-after": String(Math.max(1, Math.ceil(slot.retryAfterMs / 1000))) });
}

let redis: Redis | undefined;
/** The process's connection for limits (opened on first use, kept for the process's life). */
function limitsRedis(): Redis {
  redis ??= createRedis();
  return redis;
}

/** "Test endpoint": nothing is stored; the answer excerpt is cut short and returned as data. */
export async function testEndpoint(s: AgentSubmission) {
  const { health, question, answer, problems } = await probeAgentEndpoint(db(), fromSubmission(s, null, "pending"));
  return {
    health,
    question,
    latencyMs: answer.latencyMs,
    excerpt: answer.text.slice(0, 1200),
    citations: answer.citations,
    error: answer.error,
    problems,
  };
}

export async function approveAndEnter(agentId: string) {
  return withQueues((q) => approveAgent(db(), q, agentId));
}
