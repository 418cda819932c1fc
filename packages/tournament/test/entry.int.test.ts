process.env.ARENA_QUEUE_PREFIX = `tour-entry-${process.pid}`;
import { describe, expect, it } from "vitest";
import { addParticipant, createTournament, startTournament, TournamentInputError, TournamentStateError } from "@arena/tournament";
import { readTournament, readTournaments } from "@arena/tournament/read";
import { draftTournament, tournamentHarness } from "../../../tests/tournament-fixtures";

/**
 * Only approved agents enter tournaments: a pending submission is refused by the command the CLI
 * and the console share (at creation and as a late entrant), and the tournament reads leave out any
 * agent that is not public, as the leaderboard and agent reads do.
 */
const { db } = tournamentHarness();

const pendingAgent = (name: string) => db.agent.create({ data: { name, protocol: "simulated", approval: "pending" } });

describe("tournament entry", () => {
  it("refuses a pending agent at creation, naming it, and stores nothing", async () => {
    const { agentIds, treeIds, config } = await draftTournament(db, { agents: 2, trees: 1, rounds: 1 });
    const pending = await pendingAgent("awaiting-review");
    const input = { name: "with pending", agentIds: [...agentIds, pending.id], treeIds, examinerConfigId: config.id, seed: "p" };
    const refused = createTournament(db, input);
    await expect(refused).rejects.toBeInstanceOf(TournamentInputError);
    await expect(createTournament(db, input)).rejects.toThrow(
      "agent awaiting-review is pending approval: only approved agents play in tournaments",
    );
    expect(await db.tournament.count({ where: { name: "with pending" } })).toBe(0);
    await db.agent.update({ where: { id: pending.id }, data: { approval: "withdrawn" } });
    await expect(createTournament(db, input)).rejects.toThrow("agent awaiting-review was withdrawn by its owner and plays no more");
  });

  it("refuses a pending agent as a late entrant of a running tournament", async () => {
    const { tournament } = await draftTournament(db, { agents: 2, trees: 1, rounds: 3 });
    await startTournament(db, tournament.id);
    const pending = await pendingAgent("late-pending");
    await expect(addParticipant(db, tournament.id, pending.id)).rejects.toThrow("agent late-pending is pending approval");
    await expect(addParticipant(db, tournament.id, pending.id)).rejects.toBeInstanceOf(TournamentInputError);
    expect(await db.tournamentParticipant.count({ where: { tournamentId: tournament.id, agentId: pending.id } })).toBe(0);
    // a withdrawn one stays a state refusal, as before
    await db.agent.update({ where: { id: pending.id }, data: { approval: "withdrawn" } });
    await expect(addParticipant(db, tournament.id, pending.id)).rejects.toBeInstanceOf(TournamentStateError);
  });

  it("names no agent that is not public in the tournament reads (a participant stored before the refusal existed)", async () => {
    const { tournament, agentIds } = await draftTournament(db, { agents: 2, trees: 1, rounds: 1 });
    const pending = await pendingAgent("hidden-pending");
    await db.tournamentParticipant.create({ data: { tournamentId: tournament.id, agentId: pending.id, joinedRound: 1 } });
    const round = await db.tournamentRound.create({ data: { tournamentId: tournament.id, number: 1 } });
    await db.pairing.create({ data: { roundId: round.id, agentAId: pending.id, agentBId: agentIds[1]! } });
    await db.pairing.create({ data: { roundId: round.id, agentAId: agentIds[0]!, agentBId: agentIds[1]! } });
    const bye = await db.tournamentRound.create({ data: { tournamentId: tournament.id, number: 2 } });
    await db.pairing.create({ data: { roundId: bye.id, agentAId: agentIds[1]!, agentBId: null } });

    const view = (await readTournament(db, tournament.id))!;
    expect(view.participants.map((p) => p.agentId).sort()).toEqual([...agentIds].sort());
    expect(view.agents).toBe(2);
    expect(view.rounds[0]!.pairings.map((p) => [p.agentA.id, p.agentB?.id])).toEqual([[agentIds[0], agentIds[1]]]);
    expect(view.rounds[1]!.pairings.map((p) => [p.agentA.id, p.agentB])).toEqual([[agentIds[1], null]]); // a bye stays
    expect(JSON.stringify(view)).not.toContain("hidden-pending");
    expect((await readTournaments(db)).find((t) => t.id === tournament.id)!.agents).toBe(2);
    // approved, it is public and shown
    await db.agent.update({ where: { id: pending.id }, data: { approval: "approved" } });
    expect((await readTournament(db, tournament.id))!.participants).toHaveLength(3);
  });
});
