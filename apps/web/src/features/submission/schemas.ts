import { z } from "zod";
import { agentEditSchema, agentOverviewSchema, agentSubmissionSchema, endpointProtocolSchema } from "@arena/agents";

/**
 * Request and response shapes of the submission and account APIs, for the API route table and
 * its OpenAPI document (no server code here: the table is read by tests and the document route).
 */
export { agentSubmissionSchema, agentEditSchema };

export const submittedAgentSchema = z.object({
  agent: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    protocol: endpointProtocolSchema,
    endpoint: z.string().nullable(),
    model: z.string().nullable(),
    status: z.string(),
    approval: z.enum(["pending", "approved"]),
    builtin: z.boolean(),
    hasKey: z.boolean().describe("whether a key is stored; the key itself is never returned"),
    createdAt: z.string(),
    joined: z
      .object({ tournamentId: z.string(), round: z.number().int() })
      .nullable()
      .describe("the tournament it entered when auto-approved"),
  }),
});

export const probeResultSchema = z.object({
  health: z.string(),
  question: z.string(),
  latencyMs: z.number(),
  excerpt: z.string().describe("the first 1,200 characters of the answer, as data (render as text)"),
  citations: z.object({ count: z.number().int(), urls: z.array(z.string()) }),
  error: z.object({ class: z.string(), detail: z.string() }).nullable(),
  problems: z
    .array(z.string())
    .describe("what is wrong with the answer for the arena (no citation it can read, …), naming the citation formats it reads"),
});

/** An owner's agent as /me/agents shows it (the package's read schema). */
export const myAgentSchema = agentOverviewSchema;
export const editedAgentSchema = z.object({ id: z.string(), description: z.string().nullable() });
export const withdrawnAgentSchema = z.object({ id: z.string(), approval: z.literal("withdrawn") });
export const removedAgentSchema = z.object({
  id: z.string(),
  removed: z
    .enum(["deleted", "retired"])
    .describe("deleted when it never played; retired (kept with its matches and ratings, out of play) when it did"),
});

export const keyRotationSchema = z.object({ api_key: z.string().min(1).max(4096).nullable() }).strict();
export const healthResultSchema = z.object({ ok: z.boolean(), detail: z.string() });

const tokenRow = {
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
};
export const apiTokenSchema = z.object(tokenRow);
export const newTokenRequestSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();
export const newTokenSchema = z.object({ ...tokenRow, token: z.string().describe("shown once; only its SHA-256 is stored") });
