import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { castVote, excludeVoter, GOLD, loadPeopleInputs, nextVoteRound } from "@arena/votes";
import { createUser } from "../accounts/fixtures";
import { freshDb } from "../helpers/arena";
import { auditVerdict, plantRound, voteWorld } from "../votes-fixtures";

/**
 * Rules of docs/voting.md that the other people's tests do not reach, on planted rounds in
 * PostgreSQL: how auditors' C1 verdicts join the votes (a person who voted and audited a round
 * counts once, as the vote; none on the auditor's own agent or from an excluded account), and the
 * gold rate switching from GOLD.earlyRate to GOLD.rate once a voter was served GOLD.minVotes gold rounds.
 */
describe("people's rules", () => {
  let db: PrismaClient;

  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it("auditors' verdicts: one per person and round (the vote wins), none on their own agent or from an excluded account", async () => {
    const ownerOfRho = (await createUser(db, "auditor")).id;
    const w = await voteWorld(db, ["pi-rules", "rho-rules"], { owners: { "rho-rules": ownerOfRho } });
    const both = (await createUser(db, "auditor")).id; // votes and audits the same round
    const plain = (await createUser(db, "auditor")).id; // audits only
    const banned = (await createUser(db, "auditor")).id; // audits only, excluded by an admin
    const round = await plantRound(db, w, { a: "pi-rules", b: "rho-rules", token: "[[A_BETTER]]" });

    const served = (await nextVoteRound(db, { voterId: both, random: () => 0.99 }))!;
    expect(served.roundId).toBe(round);
    // Seats as in the match (no swap at 0.99): shown B is match B.
    await castVote(db, { voterId: both, roundId: round, verdict: "B_BETTER" });
    await auditVerdict(db, round, both, "A_MUCH_BETTER");
    await auditVerdict(db, round, plain, "TIE");
    await auditVerdict(db, round, ownerOfRho, "B_MUCH_BETTER");
    await auditVerdict(db, round, banned, "A_BETTER");
    const admin = (await createUser(db, "admin")).id;
    await excludeVoter(db, { voterId: banned, adminId: admin, reason: "testing auditors' exclusion" });

    const inputs = await loadPeopleInputs(db, { examinerConfigId: w.examinerConfigId }, "rules");
    const onRound = inputs.verdicts.filter((v) => v.roundId === round);
    // The vote (B_BETTER) and the plain auditor's TIE; not the voter's own audit, the owner's nor the excluded one's.
    expect(onRound.map((v) => [v.source, v.verdict]).sort()).toEqual([
      ["audit", "TIE"],
      ["vote", "B_BETTER"],
    ]);
    expect(onRound.every((v) => v.examinerVerdict === "A_BETTER")).toBe(true);
  });

  it(`serves gold at ${GOLD.earlyRate} until ${GOLD.minVotes} gold rounds were served, then at ${GOLD.rate}`, async () => {
    await db.round.deleteMany({});
    const auditor = (await createUser(db, "auditor")).id;
    const w = await voteWorld(db, ["sigma-rate", "tau-rate"]);
    const golds = new Set<string>();
    for (let i = 0; i < 2 * GOLD.minVotes; i++) {
      const id = await plantRound(db, w, { a: "sigma-rate", b: "tau-rate", token: "[[A_MUCH_BETTER]]" });
      await auditVerdict(db, id, auditor, "A_BETTER");
      golds.add(id);
      await plantRound(db, w, { a: "sigma-rate", b: "tau-rate", token: "[[A_BETTER]]" }); // not decisive: not gold
    }
    // A draw between the two rates: gold while early, not gold afterwards.
    const between = () => (GOLD.earlyRate + GOLD.rate) / 2;
    const below = () => GOLD.rate / 2;
    const voter = (await createUser(db, "owner")).id;
    const serve = async (random: () => number) => {
      const r = (await nextVoteRound(db, { voterId: voter, random }))!;
      await castVote(db, { voterId: voter, roundId: r.roundId, verdict: "TIE" });
      return golds.has(r.roundId);
    };
    const early: boolean[] = [];
    for (let i = 0; i < GOLD.minVotes; i++) early.push(await serve(between));
    expect(early).toEqual(Array(GOLD.minVotes).fill(true));
    expect(await serve(between)).toBe(false);
    expect(await serve(below)).toBe(true);
    expect(await serve(between)).toBe(false);
  });
});
