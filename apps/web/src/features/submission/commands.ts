import type { z } from "zod";
import {
  AgentRegistrationError,
  agentSubmissionSchema,
  fromSubmission,
  LIMIT_WINDOW_MS,
  probeAgentEndpoint,
  PROBES_PER_HOUR,
  type AgentSubmission,
} from "@arena/agents";
import { createRedis, takeSlot } from "@arena/jobs";
import type { Redis } from "ioredis";
import { errorOf, errorResponse, issueText } from "@/lib/api/http";
import { db } from "@/lib/db";

/**
 * A refused registration or owner command as its response (statuses: lib/api/http's table), else
 * null; over the hourly submission limit, a 429 saying when to retry.
 */
export function refusal(err: unknown): Response | null {
  if (!(err instanceof AgentRegistrationError)) return null;
  if (err.kind === "rate_limited") return errorResponse(429, err.message, { "retry-after": String(LIMIT_WINDOW_MS / 1000) });
  return errorOf(err);
}

/** The first problem of a malformed submission, as the form and the API show it. */
export function invalid(error: z.ZodError): Response {
  return errorResponse(400, issueText(error));
}

export function parseSubmission(body: unknown) {
  return agentSubmissionSchema.safeParse(body);
}

/** A 429 when the user ran PROBES_PER_HOUR probes in the last hour (on any web process); else counts this one. */
export async function probeLimit(userId: string): Promise<Response | null> {
  const slot = await takeSlot(limitsRedis(), "probe", userId, PROBES_PER_HOUR, LIMIT_WINDOW_MS);
  if (slot.allowed) return null;
  return errorResponse(429, `at most ${PROBES_PER_HOUR} endpoint tests an hour`, {
    "retry-after": String(Math.max(1, Math.ceil(slot.retryAfterMs / 1000))),
  });
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
