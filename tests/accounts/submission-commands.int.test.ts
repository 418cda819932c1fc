import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { addAllowedHost, writeSetting } from "@arena/db/accounts";
import { agentSubmissionSchema, submissionAllowed, SUBMISSIONS_PER_HOUR } from "@arena/agents";
import { submitAgent } from "@arena/tournament";
import { freshDb } from "../helpers/arena";
import { startFaultAgentServer, type FaultAgentServer } from "../servers/fault-agent-server";
import { accountsEnv, createUser } from "./fixtures";

// One secret key for the keys registerAgent encrypts.
Object.assign(process.env, accountsEnv());

/**
 * The submission workflow as package commands (what POST /api/agents calls): the hourly limit per
 * owner (also under concurrent submissions), and auto-approval deciding between pending and approved.
 */
describe("an owner's agent submission, as commands", () => {
  let db: PrismaClient;
  let srv: FaultAgentServer;

  beforeAll(async () => {
    db = await freshDb();
    srv = await startFaultAgentServer();
    await addAllowedHost(db, srv.hostPort, null);
  });

  afterAll(async () => {
    await srv?.close();
    await db?.$disconnect();
  });

  const submission = (name: string) =>
    agentSubmissionSchema.parse({ name, protocol: "arena-http", endpoint: srv.url("/ok"), api_key: "sk-submitted-1" });

  it("registers a pending agent while auto-approval is off, an approved one while it is on, never returning the key", async () => {
    const owner = await createUser(db, "owner");
    const pending = await submitAgent(db, owner.id, submission("pending-one"));
    expect(pending).toMatchObject({ name: "pending-one", approval: "pending", joined: null });
    expect(JSON.stringify(pending)).not.toContain("sk-submitted-1");
    expect(pending).not.toHaveProperty("health");

    await writeSetting(db, "autoApproval", true);
    try {
      // No running tournament with a round left: approved, and nothing to join.
      const approved = await submitAgent(db, owner.id, submission("approved-one"));
      expect(approved).toMatchObject({ name: "approved-one", approval: "approved", joined: null });
      expect((await db.agent.findUniqueOrThrow({ where: { id: approved.id } })).approval).toBe("approved");
    } finally {
      await writeSetting(db, "autoApproval", false);
    }
    expect((await db.agent.findUniqueOrThrow({ where: { id: pending.id } })).approval).toBe("pending");
  });

  it(`allows ${SUBMISSIONS_PER_HOUR} submissions an hour per owner, counted for that owner only`, async () => {
    const owner = await createUser(db, "owner");
    const other = await createUser(db, "owner");
    await db.agent.createMany({
      data: Array.from({ length: SUBMISSIONS_PER_HOUR - 1 }, (_, i) => ({
        name: `burst-${i}`,
        protocol: "arena_http" as const,
        endpoint: srv.url("/ok"),
        ownerId: owner.id,
      })),
    });
    expect(await submissionAllowed(db, owner.id)).toBe(true);
    await db.agent.create({ data: { name: "burst-last", protocol: "arena_http", endpoint: srv.url("/ok"), ownerId: owner.id } });
    expect(await submissionAllowed(db, owner.id)).toBe(false);
    expect(await submissionAllowed(db, other.id)).toBe(true);
    // Submissions older than the hour no longer count.
    await db.agent.updateMany({ where: { ownerId: owner.id }, data: { createdAt: new Date(Date.now() - 2 * 3_600_000) } });
    expect(await submissionAllowed(db, owner.id)).toBe(true);
  });

  it("counts the limit inside submitAgent under the owner's lock: of concurrent submissions one below the limit, exactly one is stored", async () => {
    const owner = await createUser(db, "owner");
    await db.agent.createMany({
      data: Array.from({ length: SUBMISSIONS_PER_HOUR - 1 }, (_, i) => ({
        name: `race-${i}`,
        protocol: "arena_http" as const,
        endpoint: srv.url("/ok"),
        ownerId: owner.id,
      })),
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => submitAgent(db, owner.id, submission(`racer-${i}`))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect(r.reason).toMatchObject({ kind: "rate_limited", message: `at most ${SUBMISSIONS_PER_HOUR} agent submissions an hour` });
    expect(await db.agent.count({ where: { ownerId: owner.id } })).toBe(SUBMISSIONS_PER_HOUR);
    // Past the limit, refused before the health check with nothing written.
    await expect(submitAgent(db, owner.id, submission("racer-late"))).rejects.toMatchObject({ kind: "rate_limited" });
    expect(await db.agent.count({ where: { ownerId: owner.id } })).toBe(SUBMISSIONS_PER_HOUR);
  });
});
