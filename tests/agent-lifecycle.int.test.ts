process.env.ARENA_QUEUE_PREFIX ||= `agent-lifecycle-${process.pid}`;
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AgentRegistrationError,
  agentSubmissionSchema,
  listOwnerAgents,
  listPlayableAgents,
  recheckAgentHealth,
  registerAgent,
  removeAgent,
  updateAgentDescription,
  withdrawAgent,
} from "@arena/agents";
import type { PrismaClient } from "@arena/db";
import { createMatch, heuristicExaminerConfig } from "@arena/match";
import { addParticipant, approveAgent, createTournament, type openTournamentQueues, TournamentStateError } from "@arena/tournament";
import { readAgent, readAgents } from "@arena/tournament/read";
import { importWorld } from "@arena/trees";
import { createUser } from "./accounts/fixtures";
import type { FaultAgentServer } from "./servers/fault-agent-server";
import { closeOwnerAgentWorld, ownerAgentWorld } from "./helpers/owner-agents";

/**
 * An owner's agent before and after approval, on real PostgreSQL and a real agent server: what
 * the public reads show, names compared as the database compares them, descriptions, withdrawal,
 * deletion and retirement, and why a health check failed.
 */
describe("agents before approval", () => {
  let db: PrismaClient;
  let srv: FaultAgentServer;
  let owner: string;
  let other: string;
  const secretKey = randomBytes(32);
  let queues: ReturnType<typeof openTournamentQueues>;

  const submit = (name: string, endpoint = srv.url("/ok"), description: string | null = null) =>
    registerAgent(db, { name, protocol: "arena_http", endpoint, description, ownerId: owner, approval: "pending" }, { secretKey });

  beforeAll(async () => {
    ({ db, srv, queues, owner } = await ownerAgentWorld());
    other = (await createUser(db, "owner")).id;
  });
  afterAll(() => closeOwnerAgentWorld({ db, srv, queues }));

  it("a pending agent is on no public page or response; approved, it is listed without its endpoint", async () => {
    const agent = await submit("Quiet Pending Agent", srv.url("/ok"), "Reads **everything**.");
    expect((await readAgents(db)).map((a) => a.name)).not.toContain("Quiet Pending Agent");
    expect(await readAgent(db, agent.id)).toBeNull();
    expect((await listOwnerAgents(db, owner)).find((a) => a.id === agent.id)).toMatchObject({
      status: "pending",
      listed: false,
      endpoint: srv.url("/ok"),
    });

    await approveAgent(db, queues, agent.id);
    const listed = (await readAgents(db)).find((a) => a.id === agent.id)!;
    expect(listed).toMatchObject({ name: "Quiet Pending Agent", retired: false });
    const page = (await readAgent(db, agent.id))!;
    expect(page.description).toBe("Reads **everything**.");
    expect(JSON.stringify([listed, page])).not.toContain(srv.hostPort);
  });

  it("names are unique after NFKC, case folding and whitespace collapsing, and the 409 names the agent that has it", async () => {
    await submit("Tiny Local Agent");
    for (const twin of ["tiny local agent", "TINY  LOCAL   AGENT", "ｔｉｎｙ Local Agent"]) {
      const err = await submit(twin).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AgentRegistrationError);
      expect(err).toMatchObject({ kind: "duplicate", message: expect.stringContaining("an agent named Tiny Local Agent already exists") });
    }
    // The database enforces it for every writer, not only the command.
    await expect(db.agent.create({ data: { name: "TINY local agent", protocol: "arena_http" } })).rejects.toMatchObject({ code: "P2002" });
    expect(await db.agent.count({ where: { nameKey: "tiny local agent" } })).toBe(1);
  });

  it("a description over 2,000 characters is refused with the limit named; owners edit their own only", async () => {
    const long = agentSubmissionSchema.safeParse({
      name: "Verbose",
      protocol: "arena-http",
      endpoint: srv.url("/ok"),
      description: "x".repeat(100_000),
    });
    expect(long.success).toBe(false);
    expect(long.error!.issues[0]!.message).toBe("description is at most 2,000 characters");
    const agent = await submit("Described Agent");
    expect(await updateAgentDescription(db, agent.id, owner, { description: "  Uses *three* searches.  " })).toEqual({
      id: agent.id,
      description: "Uses *three* searches.",
    });
    await expect(updateAgentDescription(db, agent.id, other, { description: "mine now" })).rejects.toMatchObject({ kind: "not_found" });
    expect((await updateAgentDescription(db, agent.id, owner, { description: "" })).description).toBeNull();
  });

  it("withdrawn, a pending agent cannot be approved; deleted, it is gone", async () => {
    const agent = await submit("Second Thoughts");
    expect(await withdrawAgent(db, agent.id, owner)).toEqual({ id: agent.id, approval: "withdrawn" });
    await expect(withdrawAgent(db, agent.id, owner)).rejects.toMatchObject({ kind: "conflict" });
    await expect(approveAgent(db, queues, agent.id)).rejects.toThrow(TournamentStateError);
    expect((await listOwnerAgents(db, owner)).find((a) => a.id === agent.id)!.status).toBe("withdrawn");
    await expect(removeAgent(db, agent.id, other)).rejects.toMatchObject({ kind: "not_found" });
    expect(await removeAgent(db, agent.id, owner)).toEqual({ id: agent.id, removed: "deleted" });
    expect(await db.agent.findUnique({ where: { id: agent.id } })).toBeNull();
    // The name is free again.
    await expect(submit("second thoughts")).resolves.toMatchObject({ name: "second thoughts" });
  });

  it("an agent that played is retired, not deleted: its matches stay, it plays no more", async () => {
    const agent = await submit("Veteran");
    await approveAgent(db, queues, agent.id);
    const rival = await submit("Rival");
    await approveAgent(db, queues, rival.id);
    const world = await importWorld(db, { seed: "lifecycle", hubs: 1, entities: 2 });
    const config = await heuristicExaminerConfig(db);
    const match = await createMatch(db, {
      treeId: world.trees[0]!.id,
      agentAId: agent.id,
      agentBId: rival.id,
      examinerConfigId: config.id,
      seed: "m",
    });
    await db.match.update({ where: { id: match.id }, data: { status: "completed", winner: "A", rounds: 1, scoreA: 1 } });
    // only approved agents enter a tournament
    const third = await submit("Third");
    await approveAgent(db, queues, third.id);
    const t = await createTournament(db, {
      name: "later",
      agentIds: [rival.id, third.id],
      treeIds: [world.trees[0]!.id],
      examinerConfigId: config.id,
      seed: "t",
    });

    expect(await removeAgent(db, agent.id, owner)).toEqual({ id: agent.id, removed: "retired" });
    expect(await removeAgent(db, agent.id, owner)).toEqual({ id: agent.id, removed: "retired" });
    expect(await db.match.findUnique({ where: { id: match.id } })).not.toBeNull();
    expect((await readAgent(db, agent.id))!).toMatchObject({ retired: true, matches: 1 });
    expect((await listOwnerAgents(db, owner)).find((a) => a.id === agent.id)).toMatchObject({ status: "retired", played: true });
    expect((await listPlayableAgents(db)).map((a) => a.id)).not.toContain(agent.id);
    await expect(addParticipant(db, t.id, agent.id)).rejects.toThrow(/retired/);
    await expect(approveAgent(db, queues, agent.id)).rejects.toThrow(TournamentStateError);
  });

  it("a failing health check is stored with its class, HTTP status and time, and shown to the owner", async () => {
    const agent = await submit("Sometimes Sick");
    await db.agent.update({ where: { id: agent.id }, data: { endpoint: srv.url("/sick") } });
    const before = Date.now();
    expect(await recheckAgentHealth(db, agent.id, { secretKey })).toMatchObject({
      ok: false,
      detail: expect.stringContaining("http_status"),
    });
    const shown = (await listOwnerAgents(db, owner)).find((a) => a.id === agent.id)!;
    expect(shown).toMatchObject({ status: "failing health", healthErrorClass: "http_status", healthHttpStatus: 503 });
    expect(Date.parse(shown.healthAt!)).toBeGreaterThanOrEqual(before - 1000);
    // A passing check clears them.
    await db.agent.update({ where: { id: agent.id }, data: { endpoint: srv.url("/ok") } });
    await recheckAgentHealth(db, agent.id, { secretKey });
    expect((await listOwnerAgents(db, owner)).find((a) => a.id === agent.id)).toMatchObject({
      healthError: null,
      healthErrorClass: null,
      healthHttpStatus: null,
    });
  });
});
