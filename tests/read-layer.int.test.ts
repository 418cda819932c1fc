process.env.ARENA_QUEUE_PREFIX = `read-${process.pid}`;
import { describe, expect, it } from "vitest";
import { createRedis } from "@arena/jobs";
import { subscribeEvents, type ArenaEvent } from "@arena/jobs/events";
import { readMatch, readMatches } from "@arena/match/read";
import { waitForTournament } from "@arena/tournament";
import { readAgent, readBattles, readLeaderboard, readScopes, readTournament, readTournaments } from "@arena/tournament/read";
import { readNode, readTree, readTrees } from "@arena/trees/read";
import { draftTournament, tournamentHarness } from "./tournament-fixtures";
import { waitFor } from "./helpers/arena";

const { db, start, runWorkers } = tournamentHarness();

/**
 * The read layer and live events on a tournament the real workers play: what pages and the API
 * show must be what PostgreSQL holds, served from stored snapshots, and every stored round,
 * finished match, snapshot and pairing must be announced.
 */
describe("read functions and live events", () => {
  it("serve a played tournament as stored, and the workers announce its progress", async () => {
    const events: ArenaEvent[] = [];
    const subscriber = createRedis();
    const unsubscribe = await subscribeEvents(subscriber, (e) => events.push(e));
    const { tournament, agentIds, config } = await draftTournament(db, { agents: 5, trees: 2, rounds: 3 });
    await runWorkers({ matchConcurrency: 4, reconcileEveryMs: 0 });
    await start(tournament.id);
    await waitForTournament(db, tournament.id, { pollMs: 100 });
    const rated = await db.match.count({ where: { tournamentId: tournament.id, status: "completed", rounds: { gt: 0 } } });
    // The arena-wide snapshot of the configuration follows the tournament's last tick.
    await waitFor(
      async () => (await db.ratingSnapshot.findFirst({ where: { tournamentId: null, matchesCounted: rated } })) ?? undefined,
      "the examiner-wide snapshot",
    );
    await waitFor(
      async () => events.some((e) => e.type === "snapshot" && e.tournamentId === null && e.matchesCounted === rated),
      "its event",
    );
    await unsubscribe();
    subscriber.disconnect();

    // Events: one per stored round, one per finished match, snapshots of both scopes, pairings.
    const matches = await db.match.findMany({ where: { tournamentId: tournament.id }, include: { roundRows: true } });
    const stored = matches.reduce((s, m) => s + m.roundRows.length, 0);
    expect(events.filter((e) => e.type === "round")).toHaveLength(stored);
    expect(
      new Set(events.filter((e) => e.type === "match" && e.status === "completed").map((e) => e.type === "match" && e.matchId)),
    ).toEqual(new Set(matches.map((m) => m.id)));
    expect(events.filter((e) => e.type === "tournament" && e.kind === "paired").map((e) => e.type === "tournament" && e.round)).toEqual([
      1, 2, 3,
    ]);
    expect(events.some((e) => e.type === "tournament" && e.kind === "completed")).toBe(true);
    const tournamentSnapshots = await db.ratingSnapshot.count({ where: { tournamentId: tournament.id } });
    expect(events.filter((e) => e.type === "snapshot" && e.tournamentId === tournament.id)).toHaveLength(tournamentSnapshots);

    // Leaderboard: the latest stored snapshot of the scope, never a refit.
    const board = (await readLeaderboard(db, { examiner: config.id }))!;
    const latest = await db.ratingSnapshot.findFirstOrThrow({ where: { tournamentId: null }, orderBy: { createdAt: "desc" } });
    expect(board.snapshot!.id).toBe(latest.id);
    expect(board.rows.map((r) => r.rating)).toEqual((latest.ratings as { rating: number }[]).map((r) => r.rating));
    expect(board.rows.reduce((s, r) => s + r.matches, 0)).toBe(2 * rated);
    expect(board.rows.every((r) => r.preliminary === r.matches < board.preliminaryMatches)).toBe(true);
    expect(board.examiner!.mode).toBe("heuristic");
    expect(await readLeaderboard(db)).toEqual(board); // the configuration with most rated matches is the default
    expect(await readLeaderboard(db, { examiner: "nope" })).toBeNull();
    expect(await readLeaderboard(db, { tournament: "nope" })).toBeNull();

    const battles = (await readBattles(db, { tournament: tournament.id }))!;
    expect(battles).toHaveLength(rated);
    const names = new Set(board.rows.map((r) => r.name));
    expect(battles.every((b) => names.has(b.model_a) && names.has(b.model_b))).toBe(true);

    const scopes = await readScopes(db);
    expect(scopes.examiners.map((e) => [e.id, e.ratedMatches])).toEqual([[config.id, rated]]);
    expect((await readTournaments(db)).map((t) => [t.id, t.status, t.matches.completed])).toEqual([
      [tournament.id, "completed", matches.length],
    ]);

    // Tournament: rounds, pairings (a bye each round for 5 agents), results, its own latest ratings.
    const t = (await readTournament(db, tournament.id))!;
    expect(t.rounds.map((r) => r.pairings.filter((p) => p.agentB === null).length)).toEqual([1, 1, 1]);
    expect(t.rounds.flatMap((r) => r.pairings.flatMap((p) => p.matches.map((m) => m.id))).sort()).toEqual(matches.map((m) => m.id).sort());
    expect(t.ratings.map((r) => r.agentId).sort()).toEqual([...agentIds].sort());
    expect(await readTournament(db, "nope")).toBeNull();

    // Matches: keyset pages cover every match once; one match with all of its rounds.
    const seen: string[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await readMatches(db, { tournament: tournament.id, limit: 4, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((m) => m.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen.sort()).toEqual(matches.map((m) => m.id).sort());
    const longest = matches.sort((a, b) => b.roundRows.length - a.roundRows.length)[0]!;
    const view = (await readMatch(db, longest.id))!;
    expect(view.roundsList.map((r) => r.number)).toEqual(longest.roundRows.map((r) => r.number).sort((a, b) => a - b));
    expect(view.stopReason).toMatch(/mercy_rule|max_rounds/);
    const first = view.roundsList[0]!;
    expect(first.path.length).toBeGreaterThanOrEqual(2);
    expect(first.path[0]!.title).not.toBeNull();
    expect(first.question).toBeTruthy();
    expect(first.checklistDepth.length).toBeGreaterThan(0);
    expect(await readMatch(db, "nope")).toBeNull();

    // Agent: head-to-head records add up to its rated matches; no endpoint for a simulated agent.
    const agent = (await readAgent(db, agentIds[0]!))!;
    const row = board.rows.find((r) => r.agentId === agentIds[0])!;
    expect(agent.rating).toEqual(row);
    expect(agent.headToHead.reduce((s, h) => s + h.games, 0)).toBe(row.matches);
    expect(agent.headToHead.reduce((s, h) => s + h.wins, 0)).toBe(row.wins);
    expect(agent.ratingHistory.at(-1)!.rating).toBe(row.rating);
    expect(agent.examiners).toEqual([
      { id: board.examiner!.id, name: board.examiner!.name, mode: board.examiner!.mode, ratedMatches: row.matches },
    ]);
    expect(agent).not.toHaveProperty("endpointOrigin");
    expect(JSON.stringify(agent)).not.toMatch(/secret|apiKey/i);
    expect(await readAgent(db, "nope")).toBeNull();

    // Trees: the outline lists every node; a node knows its path from the root.
    const treeId = view.treeId;
    const tree = (await readTree(db, treeId))!;
    expect(tree.outline).toHaveLength(await db.node.count({ where: { treeId } }));
    expect((await readTrees(db)).find((x) => x.id === treeId)!.matches).toBe(await db.match.count({ where: { treeId } }));
    const node = (await readNode(db, first.path.at(-1)!.nodeId))!;
    expect(node.path.map((p) => p.id)).toEqual(first.path.map((p) => p.nodeId));
    expect(node.content).toBeTruthy();
    expect(await readTree(db, "nope")).toBeNull();
    expect(await readNode(db, "nope")).toBeNull();
  });
});
