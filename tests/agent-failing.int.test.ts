process.env.ARENA_QUEUE_PREFIX ||= `agent-failing-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOwnerAgents, readAgentRoundErrors, registerAgent } from "@arena/agents";
import type { PrismaClient } from "@arena/db";
import { createMatch, heuristicExaminerConfig, matchDeps, runMatch } from "@arena/match";
import { advanceTournament, createTournament, type openTournamentQueues, startTournament } from "@arena/tournament";
import { readAgent, readAgents } from "@arena/tournament/read";
import { importSharedTree } from "./helpers/arena";
import type { FaultAgentServer } from "./servers/fault-agent-server";
import { closeOwnerAgentWorld, ownerAgentWorld } from "./helpers/owner-agents";

/**
 * An owner's agent whose endpoint breaks after it was approved, on real PostgreSQL, a real agent
 * server and the real match runner: its owner sees it failing with its errors by class and the
 * latest detail; the public reads say "failing" and never name the endpoint; before its next
 * pairing it is health-checked, sits the round out when the check fails and is paired (healthy
 * again) when it passes.
 */
describe("an owner's failing agent", () => {
  let db: PrismaClient;
  let srv: FaultAgentServer;
  let queues: ReturnType<typeof openTournamentQueues>;
  let owner: string;
  let treeId: string;
  let examinerConfigId: string;

  beforeAll(async () => {
    ({ db, srv, queues, owner } = await ownerAgentWorld());
    treeId = (await importSharedTree(db, "tree_0025.json")).id;
    examinerConfigId = (await heuristicExaminerConfig(db)).id;
  });
  afterAll(() => closeOwnerAgentWorld({ db, srv, queues }));

  const opponent = (name: string) =>
    db.agent.create({ data: { name, protocol: "simulated", config: { p_depth: 1, p_width: 1 }, status: "healthy" } });

  /** Registered while its endpoint answers its health check; every question then gets an HTTP 500. */
  async function brokenAgent(name: string) {
    const agent = await registerAgent(db, {
      name,
      protocol: "arena_http",
      endpoint: srv.url("/500"),
      ownerId: owner,
      config: { timeoutMs: 2000, deadlineMs: 5000 },
    });
    const other = await opponent(`${name} opponent`);
    // Matches until it has at least three rounds, whatever a match's length.
    for (let k = 0; (await db.round.count({ where: { match: { agentAId: agent.id } } })) < 3; k++) {
      const m = await createMatch(db, { treeId, agentAId: agent.id, agentBId: other.id, examinerConfigId, seed: `${name}-${k}` });
      await runMatch(db, m.id, await matchDeps(db, m.id, { allow: [srv.hostPort] }));
    }
    return { agent, other };
  }

  it("is failing for its owner, with its errors by class and the latest detail; public reads say failing and name no endpoint", async () => {
    const { agent } = await brokenAgent("Breaks After Approval");
    const rounds = await db.round.count({ where: { match: { agentAId: agent.id } } });
    expect(rounds).toBeGreaterThanOrEqual(3);

    const [errors] = await readAgentRoundErrors(db, { agentIds: [agent.id] });
    expect(errors).toMatchObject({ agentId: agent.id, rounds, errors: rounds, consecutive: rounds, failing: true });
    expect(errors!.byClass).toEqual([
      {
        class: "http_status",
        count: rounds,
        latestDetail: expect.stringContaining(srv.hostPort),
        latestAt: expect.any(String),
        matchId: expect.any(String),
      },
    ]);

    const mine = (await listOwnerAgents(db, owner)).find((a) => a.id === agent.id)!;
    expect(mine.status).toBe("failing");
    expect(mine.roundErrors.byClass[0]).toMatchObject({ class: "http_status", count: rounds });

    const listed = (await readAgents(db)).find((a) => a.id === agent.id)!;
    const page = (await readAgent(db, agent.id))!;
    expect(listed.status).toBe("failing");
    expect(page.status).toBe("failing");
    expect(JSON.stringify([listed, page])).not.toContain(srv.hostPort);
  });

  /** A running Swiss tournament of the agent and `count` answering opponents. */
  async function tournamentWith(agentId: string, name: string, count: number) {
    const others = await Promise.all(Array.from({ length: count }, (_, k) => opponent(`${name} ${k}`)));
    const t = await createTournament(db, {
      name,
      agentIds: [agentId, ...others.map((o) => o.id)],
      treeIds: [treeId],
      swissRounds: 2,
      examinerConfigId,
      seed: name,
    });
    await startTournament(db, t.id);
    return t;
  }
  const pairedIn = async (tournamentId: string, agentId: string) =>
    db.pairing.count({
      where: { round: { tournamentId, number: 1 }, agentBId: { not: null }, OR: [{ agentAId: agentId }, { agentBId: agentId }] },
    });

  it("is health-checked before its next pairing: a failed check sits the round out and is shown to its owner", async () => {
    const { agent } = await brokenAgent("Down For Good");
    // Its health endpoint now fails too.
    await db.agent.update({ where: { id: agent.id }, data: { endpoint: srv.url("/sick") } });
    // Four answering opponents: with it sitting out, two pairings and no bye.
    const t = await tournamentWith(agent.id, "sit-out", 4);
    const outcome = await advanceTournament(db, t.id, queues, { allow: [srv.hostPort] });
    expect(outcome).toMatchObject({ kind: "paired", round: 1, bye: null });
    expect(await pairedIn(t.id, agent.id)).toBe(0);
    expect(await db.pairing.count({ where: { round: { tournamentId: t.id, number: 1 } } })).toBe(2);
    const mine = (await listOwnerAgents(db, owner)).find((a) => a.id === agent.id)!;
    expect(mine).toMatchObject({
      status: "failing",
      healthError: expect.stringContaining("503"),
      healthErrorClass: "http_status",
      healthHttpStatus: 503,
    });
    expect((await readAgent(db, agent.id))!.status).toBe("failing");
    // It stays out of play while the check fails: the next tick checks it again (once a minute at most).
    expect(await db.agent.findUniqueOrThrow({ where: { id: agent.id }, select: { status: true } })).toEqual({ status: "unhealthy" });
  });

  it("a check that passes makes it healthy again and it is paired", async () => {
    const { agent } = await brokenAgent("Back On Its Feet");
    await db.agent.update({ where: { id: agent.id }, data: { endpoint: srv.url("/ok") } });
    const t = await tournamentWith(agent.id, "back", 3);
    expect(await advanceTournament(db, t.id, queues, { allow: [srv.hostPort] })).toMatchObject({ kind: "paired", round: 1 });
    expect(await pairedIn(t.id, agent.id)).toBe(1);
    const [errors] = await readAgentRoundErrors(db, { agentIds: [agent.id] });
    expect(errors).toMatchObject({ consecutive: 0, failing: false });
    expect((await listOwnerAgents(db, owner)).find((a) => a.id === agent.id)!.status).toBe("active");
    expect((await readAgent(db, agent.id))!.status).toBe("healthy");
  });
});
