import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { PrismaClient } from "@arena/db";
import {
  addressHash,
  castVote,
  createSpan,
  deleteSpan,
  excludeVoter,
  GOLD,
  includeVoter,
  nextVoteRound,
  readAgentSpanRates,
  readCountedVotes,
  readReveal,
  readRoundSpans,
  readVoters,
  readVoteSpans,
  spansJsonl,
  VOTE_LIMITS,
  VoteError,
  votesJsonl,
} from "@arena/votes";
import { createUser } from "../../../tests/accounts/fixtures";
import { freshDb } from "../../../tests/helpers/arena";
import { auditVerdict, plantRound, plantWidths, voteWorld } from "../../../tests/votes-fixtures";

/**
 * People's votes and spans on real PostgreSQL, with every verdict, answer and owner planted:
 * what a voter is served (and never), the seat mapping, one vote per round, the limits, gold
 * rounds, who counts, the exports' lines and the span offsets.
 */
const SWAP = () => 0; // every draw below one half: seats swapped, a gold round taken when offered
const STRAIGHT = () => 0.99; // seats as in the match, no gold round while another is left
const KEY = randomBytes(32);

describe("people's votes", () => {
  let db: PrismaClient;
  const voter = async () => (await createUser(db, "owner")).id;
  /** Each test plants its own rounds: earlier tests' rounds (and their votes) go first. */
  const noRounds = () => db.round.deleteMany({});

  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it("serves a round blind, again on reload, never twice, never of the voter's own agent, nor voided, forfeit or unjudged ones", async () => {
    const owner = await voter();
    const w = await voteWorld(db, ["alpha-serve", "beta-serve", "gamma-serve"], { owners: { "gamma-serve": owner } });
    const ok = await plantRound(db, w, { a: "alpha-serve", b: "beta-serve", token: "[[A_BETTER]]" });
    await plantRound(db, w, { a: "alpha-serve", b: "gamma-serve", token: "[[B_BETTER]]" });
    await plantRound(db, w, { a: "alpha-serve", b: "beta-serve", token: "[[A_BETTER]]", voided: true });
    await plantRound(db, w, { a: "alpha-serve", b: "beta-serve", token: "[[B_MUCH_BETTER]]", forfeit: "A" });
    const unjudged = await plantRound(db, w, { a: "alpha-serve", b: "beta-serve", token: "[[Tie]]" });
    await db.round.update({ where: { id: unjudged }, data: { verdictToken: null } });

    const first = (await nextVoteRound(db, { voterId: owner, random: STRAIGHT }))!;
    expect(Object.keys(first).sort()).toEqual(["answers", "question", "roundId", "wordLimit"]);
    expect(first.roundId).toBe(ok);
    const round = await db.round.findUniqueOrThrow({ where: { id: ok }, include: { match: { include: { agentA: true, agentB: true } } } });
    const text = JSON.stringify(first);
    for (const secret of [
      round.match.agentA.name,
      round.match.agentB.name,
      round.match.agentAId,
      round.match.agentBId,
      round.matchId,
      "A_BETTER",
      "[[",
      "reasoning",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(first.answers).toEqual({ A: round.answerA, B: round.answerB });
    expect(first.wordLimit).toBe("Answer in at most 300 words.");
    // A reload before voting serves the same round in the same seats.
    expect(await nextVoteRound(db, { voterId: owner, random: SWAP })).toEqual(first);
    await castVote(db, { voterId: owner, roundId: ok, verdict: "TIE" });
    // Nothing else is open to this voter: the gamma round is their own agent's.
    expect(await nextVoteRound(db, { voterId: owner })).toBeNull();
    // Another voter gets both eligible rounds, one after the other, and then nothing.
    const other = await voter();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const next = await nextVoteRound(db, { voterId: other });
      if (!next) break;
      seen.push(next.roundId);
      await castVote(db, { voterId: other, roundId: next.roundId, verdict: "A_BETTER" });
    }
    expect(seen).toHaveLength(2);
    expect(new Set(seen).size).toBe(2);
  });

  it("serves one round to one voter asking five times at once, and stores one of five concurrent votes", async () => {
    await noRounds();
    const w = await voteWorld(db, ["alpha-race", "beta-race"]);
    await Promise.all(Array.from({ length: 4 }, () => plantRound(db, w, { a: "alpha-race", b: "beta-race", token: "[[A_BETTER]]" })));
    const v = await voter();
    const served = await Promise.all(Array.from({ length: 5 }, () => nextVoteRound(db, { voterId: v })));
    expect(new Set(served.map((n) => n!.roundId)).size).toBe(1);
    expect(await db.voteView.count({ where: { voterId: v } })).toBe(1);
    const votes = await Promise.allSettled(
      Array.from({ length: 5 }, () => castVote(db, { voterId: v, roundId: served[0]!.roundId, verdict: "TIE" })),
    );
    expect(votes.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(votes.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([
      409, 409, 409, 409,
    ]);
  });

  it("maps the shown seats back: a vote for shown A on a swapped view is stored as B; the reveal comes only after the vote, in the seats shown", async () => {
    await noRounds();
    const w = await voteWorld(db, ["alpha-seat", "beta-seat"]);
    const roundId = await plantRound(db, w, {
      a: "alpha-seat",
      b: "beta-seat",
      token: "[[A_MUCH_BETTER]]",
      reasoning: "Answer A names both entities; Answer B names one. [[A_MUCH_BETTER]]",
    });
    const v = await voter();
    const served = (await nextVoteRound(db, { voterId: v, random: SWAP }))!;
    const r = await db.round.findUniqueOrThrow({ where: { id: roundId } });
    expect(served.answers).toEqual({ A: r.answerB, B: r.answerA });
    expect(await readReveal(db, { voterId: v, roundId })).toBeNull();
    const reveal = await castVote(db, { voterId: v, roundId, verdict: "A_BETTER", reason: "  names more  " });
    const stored = await db.vote.findUniqueOrThrow({ where: { roundId_voterId: { roundId, voterId: v } } });
    expect(stored).toMatchObject({
      verdict: "B_BETTER",
      seatsSwapped: true,
      reason: "names more",
      gold: false,
      goldAgreed: null,
      ownAgent: false,
    });
    expect(reveal).toEqual({
      roundId,
      matchId: r.matchId,
      agents: { A: { id: w.agents.get("beta-seat"), name: "beta-seat" }, B: { id: w.agents.get("alpha-seat"), name: "alpha-seat" } },
      examiner: { verdict: "B_MUCH_BETTER", reasoning: "Answer B names both entities; Answer A names one. [[B_MUCH_BETTER]]" },
      vote: { verdict: "A_BETTER", reason: "names more" },
    });
    expect(await readReveal(db, { voterId: v, roundId })).toEqual(reveal);
    // One vote per voter and round; a round never served to the voter is refused.
    await expect(castVote(db, { voterId: v, roundId, verdict: "TIE" })).rejects.toMatchObject({ status: 409 });
    await expect(castVote(db, { voterId: await voter(), roundId, verdict: "TIE" })).rejects.toMatchObject({ status: 404 });
    await expect(castVote(db, { voterId: v, roundId, verdict: JSON.parse(`"MUCH_BETTER"`) as "TIE" })).rejects.toThrow(z.ZodError);
    expect(await db.vote.count({ where: { roundId } })).toBe(1);
  });

  it("refuses a vote over the account's or the address's daily limit with 429 and writes nothing", async () => {
    await noRounds();
    const w = await voteWorld(db, ["alpha-limit", "beta-limit"]);
    const roundId = await plantRound(db, w, { a: "alpha-limit", b: "beta-limit", token: "[[A_BETTER]]" });
    const old = await plantRound(db, w, { a: "alpha-limit", b: "beta-limit", token: "[[A_BETTER]]" });
    const busy = await voter();
    // The day's votes, on one filler round each (a vote is one per round).
    const fillers = await Promise.all(
      Array.from({ length: VOTE_LIMITS.perAccount }, () => plantRound(db, w, { a: "alpha-limit", b: "beta-limit", token: "[[Tie]]" })),
    );
    await db.vote.createMany({ data: fillers.map((id) => ({ roundId: id, voterId: busy, verdict: "TIE", seatsSwapped: false })) });
    await db.voteView.createMany({ data: fillers.map((id) => ({ roundId: id, voterId: busy, seatsSwapped: false })) });
    await db.voteView.create({ data: { roundId, voterId: busy, seatsSwapped: false } });
    const err = await castVote(db, { voterId: busy, roundId, verdict: "A_BETTER" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VoteError);
    expect(err).toMatchObject({ status: 429 });
    expect(await db.vote.count({ where: { roundId } })).toBe(0);
    // Votes older than 24 hours no longer count: with one of them aged, the 200th of the window is accepted.
    await db.vote.updateMany({
      where: { voterId: busy, roundId: fillers[0]! },
      data: { createdAt: new Date(Date.now() - VOTE_LIMITS.windowMs - 60_000) },
    });
    await castVote(db, { voterId: busy, roundId, verdict: "A_BETTER" });

    // One address: its votes counted by the keyed hash, whoever cast them.
    const hash = addressHash("203.0.113.7", KEY);
    expect(hash).not.toContain("203.0.113.7");
    const crowd = await Promise.all(Array.from({ length: 6 }, () => voter()));
    const perVoter = VOTE_LIMITS.perAddress / crowd.length;
    await db.vote.createMany({
      data: crowd.flatMap((voterId) =>
        fillers.slice(0, perVoter).map((id) => ({ roundId: id, voterId, verdict: "TIE", seatsSwapped: false, addressHash: hash })),
      ),
    });
    const late = await voter();
    await db.voteView.create({ data: { roundId: old, voterId: late, seatsSwapped: false } });
    await expect(
      castVote(db, { voterId: late, roundId: old, verdict: "B_BETTER", address: "203.0.113.7" }, { addressKey: KEY }),
    ).rejects.toMatchObject({ status: 429 });
    expect(await db.vote.count({ where: { roundId: old } })).toBe(0);
    // Another address is not held back, and its vote stores the hash, never the address.
    await castVote(db, { voterId: late, roundId: old, verdict: "B_BETTER", address: "198.51.100.9" }, { addressKey: KEY });
    const stored = await db.vote.findUniqueOrThrow({ where: { roundId_voterId: { roundId: old, voterId: late } } });
    expect(stored.addressHash).toBe(addressHash("198.51.100.9", KEY));
    // With one of the address's 600 votes aged out of the window, its 600th of the window is accepted.
    await db.vote.updateMany({
      where: { voterId: crowd[0]!, roundId: fillers[0]! },
      data: { createdAt: new Date(Date.now() - VOTE_LIMITS.windowMs - 60_000) },
    });
    const later = await voter();
    await db.voteView.create({ data: { roundId: old, voterId: later, seatsSwapped: false } });
    await castVote(db, { voterId: later, roundId: old, verdict: "TIE", address: "203.0.113.7" }, { addressKey: KEY });
    expect(await db.vote.count({ where: { addressHash: hash } })).toBe(VOTE_LIMITS.perAddress + 1);
  });

  it("mixes in gold rounds with balanced seats, so a voter who always picks A falls below the threshold; counted votes leave out owners, excluded and low-gold voters", async () => {
    await noRounds();
    const auditor = (await createUser(db, "auditor")).id;
    const ownerOfZeta = await voter();
    const w = await voteWorld(db, ["eta-gold", "zeta-gold"], { owners: { "zeta-gold": ownerOfZeta } });
    const golds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const token = i % 2 === 0 ? "[[A_MUCH_BETTER]]" : "[[B_MUCH_BETTER]]";
      const id = await plantRound(db, w, { a: "eta-gold", b: "zeta-gold", token });
      await auditVerdict(db, id, auditor, token === "[[A_MUCH_BETTER]]" ? "A_BETTER" : "B_MUCH_BETTER");
      golds.push(id);
    }
    // A decisive verdict the auditor contradicts is no gold round.
    const notGold = await plantRound(db, w, { a: "eta-gold", b: "zeta-gold", token: "[[A_MUCH_BETTER]]" });
    await auditVerdict(db, notGold, auditor, "B_BETTER");

    const alwaysA = await voter();
    const honest = await voter();
    for (let i = 0; i < GOLD.minVotes; i++) {
      const a = (await nextVoteRound(db, { voterId: alwaysA, random: SWAP }))!;
      expect(golds).toContain(a.roundId);
      await castVote(db, { voterId: alwaysA, roundId: a.roundId, verdict: "A_MUCH_BETTER" });
      const h = (await nextVoteRound(db, { voterId: honest, random: SWAP }))!;
      // The honest voter names the examiner's winner in the seats shown to them.
      const r = await db.round.findUniqueOrThrow({ where: { id: h.roundId } });
      const view = await db.voteView.findUniqueOrThrow({ where: { roundId_voterId: { roundId: h.roundId, voterId: honest } } });
      const winnerShownA = r.verdictToken!.startsWith("[[A_") !== view.seatsSwapped;
      await castVote(db, { voterId: honest, roundId: h.roundId, verdict: winnerShownA ? "A_BETTER" : "B_BETTER" });
    }
    const a = await db.vote.findMany({ where: { voterId: alwaysA } });
    expect(a.every((v) => v.gold)).toBe(true);
    // Balanced seats: the examiner's winner was shown in seat A on exactly half of the gold rounds.
    expect(a.filter((v) => v.goldAgreed)).toHaveLength(GOLD.minVotes / 2);
    const rows = await readVoters(db);
    expect(rows.find((r) => r.voterId === alwaysA)).toMatchObject({
      votes: GOLD.minVotes,
      goldVotes: GOLD.minVotes,
      goldAgreement: 0.5,
      belowThreshold: true,
      excluded: null,
    });
    expect(rows.find((r) => r.voterId === honest)).toMatchObject({ goldVotes: GOLD.minVotes, goldAgreement: 1, belowThreshold: false });

    // The owner of zeta votes on a round served before they owned it: kept, never counted.
    const late = await voter();
    const served = (await nextVoteRound(db, { voterId: late, random: STRAIGHT }))!;
    await db.agent.update({ where: { id: w.agents.get("eta-gold")! }, data: { ownerId: late } });
    await castVote(db, { voterId: late, roundId: served.roundId, verdict: "TIE" });
    expect(await db.vote.findFirstOrThrow({ where: { voterId: late } })).toMatchObject({ ownAgent: true });

    const admin = (await createUser(db, "admin")).id;
    await excludeVoter(db, { voterId: honest, adminId: admin, reason: "testing the exclusion" });
    let counted = await readCountedVotes(db, { examinerConfigId: w.examinerConfigId });
    expect(counted.votes).toEqual([]);
    expect(counted.leftOut).toEqual({ owner: 1, excluded: GOLD.minVotes, lowGold: GOLD.minVotes, voided: 0 });
    expect((await readVoters(db)).find((r) => r.voterId === honest)!.excluded).toMatchObject({ reason: "testing the exclusion" });
    // Reversible: nothing was deleted.
    await includeVoter(db, { voterId: honest });
    await expect(includeVoter(db, { voterId: honest })).rejects.toMatchObject({ status: 404 });
    counted = await readCountedVotes(db, { examinerConfigId: w.examinerConfigId });
    expect(counted.votes).toHaveLength(GOLD.minVotes);
    expect(
      counted.votes.every((v) => v.voterId === honest && v.examinerVerdict !== null && v.verdict.charAt(0) === v.examinerVerdict.charAt(0)),
    ).toBe(true);
    expect(counted.leftOut).toEqual({ owner: 1, excluded: 0, lowGold: GOLD.minVotes, voided: 0 });
    // Voiding a round afterwards leaves its votes out.
    await db.round.update({ where: { id: counted.votes[0]!.roundId }, data: { voided: true } });
    expect((await readCountedVotes(db, { examinerConfigId: w.examinerConfigId })).leftOut.voided).toBe(1);
  });

  it("serves the pair with the fewest counted votes per unit of interval width first", async () => {
    await noRounds();
    const w = await voteWorld(db, ["wide-1", "wide-2", "narrow-1", "narrow-2"]);
    await plantWidths(db, w, { "wide-1": 300, "wide-2": 300, "narrow-1": 50, "narrow-2": 50 });
    const wide = await Promise.all(Array.from({ length: 8 }, () => plantRound(db, w, { a: "wide-1", b: "wide-2", token: "[[A_BETTER]]" })));
    const narrow = await Promise.all(
      Array.from({ length: 2 }, () => plantRound(db, w, { a: "narrow-1", b: "narrow-2", token: "[[A_BETTER]]" })),
    );
    // No votes yet: priority 1/600 against 1/100, the wide pair first.
    const first = await voter();
    expect(wide).toContain((await nextVoteRound(db, { voterId: first }))!.roundId);
    // Six counted votes on the wide pair: (6 + 1)/600 > 1/100, the narrow pair next.
    const others = await Promise.all(Array.from({ length: 6 }, () => voter()));
    await db.vote.createMany({
      data: others.map((voterId, i) => ({ roundId: wide[i]!, voterId, verdict: "A_BETTER", seatsSwapped: false })),
    });
    expect(narrow).toContain((await nextVoteRound(db, { voterId: await voter() }))!.roundId);
    // Excluded voters' votes do not count: the wide pair is first again.
    const admin = (await createUser(db, "admin")).id;
    for (const v of others) await excludeVoter(db, { voterId: v, adminId: admin, reason: "not counted" });
    expect(wide).toContain((await nextVoteRound(db, { voterId: await voter() }))!.roundId);
  });

  it("writes votes.jsonl in the battle format, counted votes only", async () => {
    await noRounds();
    const w = await voteWorld(db, ["alpha-jsonl", "beta-jsonl"]);
    const roundId = await plantRound(db, w, { a: "alpha-jsonl", b: "beta-jsonl", token: "[[B_BETTER]]" });
    const v = await voter();
    await nextVoteRound(db, { voterId: v, random: SWAP });
    await castVote(db, { voterId: v, roundId, verdict: "A_MUCH_BETTER", reason: "the reason only this voter knows" });
    const mine = (await votesJsonl(db, { examinerConfigId: w.examinerConfigId }))[0]!;
    const r = await db.round.findUniqueOrThrow({ where: { id: roundId } });
    expect(mine).toEqual({
      model_a: "alpha-jsonl",
      model_b: "beta-jsonl",
      winner: "model_b",
      judge: "human",
      verdict: "B_MUCH_BETTER",
      examiner_verdict: "B_BETTER",
      round_id: roundId,
      match_id: r.matchId,
      examiner_config_id: w.examinerConfigId,
      examiner_config: (await db.examinerConfig.findUniqueOrThrow({ where: { id: w.examinerConfigId } })).name,
      voter: expect.stringMatching(/^voter \d+$/),
      created_at: expect.any(String),
    });
    expect(JSON.stringify(mine)).not.toContain(v);
    // Neither the reason given nor the voter's email leaves the database (docs/voting.md).
    expect(JSON.stringify(mine)).not.toContain("the reason only this voter knows");
    expect(JSON.stringify(mine)).not.toContain((await db.user.findUniqueOrThrow({ where: { id: v } })).email);
    // An excluded voter's votes leave the export.
    await excludeVoter(db, { voterId: v, adminId: (await createUser(db, "admin")).id, reason: "left out" });
    expect(await votesJsonl(db)).toEqual([]);
  });

  it("spans: offsets checked against the stored answer, shown seats mapped, highlights per match seat, rates per 1,000 words, no author in the export", async () => {
    await noRounds();
    const w = await voteWorld(db, ["alpha-span", "beta-span"]);
    const answerA = "one two three four five six seven eight nine ten";
    const answerB = "Paris is in Germany. Berlin is in France.";
    const roundId = await plantRound(db, w, { a: "alpha-span", b: "beta-span", token: "[[A_BETTER]]", answerA, answerB });
    const reader = await voter();
    const otherReader = await voter();
    // On the match page: match seats.
    const wrong = await createSpan(db, {
      authorId: reader,
      roundId,
      seat: "B",
      seats: "match",
      start: 0,
      end: 20,
      label: "wrong",
      comment: "Paris is in France",
    });
    expect(wrong).toMatchObject({ seat: "B", seats: "match", quote: "Paris is in Germany.", comment: "Paris is in France" });
    for (const bad of [
      { start: 5, end: 5 },
      { start: 10, end: answerB.length + 1 },
      { start: 30, end: 20 },
    ]) {
      await expect(
        createSpan(db, { authorId: reader, roundId, seat: "B", start: bad.start, end: bad.end, label: "wrong" }),
      ).rejects.toMatchObject({ status: 422 });
    }
    await expect(createSpan(db, { authorId: reader, roundId, seat: "B", start: -1, end: 3, label: "wrong" })).rejects.toThrow(z.ZodError);
    await expect(
      createSpan(db, { authorId: reader, roundId: "no-such-round", seat: "B", start: 0, end: 3, label: "wrong" }),
    ).rejects.toMatchObject({ status: 404 });
    // Shown seats need the round served to the author; on a swapped view shown A is match B.
    await expect(
      createSpan(db, { authorId: otherReader, roundId, seat: "A", seats: "shown", start: 0, end: 3, label: "insightful" }),
    ).rejects.toMatchObject({ status: 409 });
    await db.voteView.create({ data: { roundId, voterId: otherReader, seatsSwapped: true } });
    const shown = await createSpan(db, {
      authorId: otherReader,
      roundId,
      seat: "A",
      seats: "shown",
      start: 21,
      end: 41,
      label: "unsupported",
    });
    expect(shown).toMatchObject({ seat: "A", seats: "shown", quote: "Berlin is in France." });
    expect(await db.span.findUniqueOrThrow({ where: { id: shown.id } })).toMatchObject({ seat: "B", authorId: otherReader });
    expect(await readVoteSpans(db, { voterId: otherReader, roundId })).toEqual([{ ...shown, comment: null }]);
    // Match seats on a round served and not yet voted would tell which shown seat is match A: refused until the vote.
    const byMatchSeat = { authorId: otherReader, roundId, seat: "A", seats: "match", start: 0, end: 3, label: "insightful" } as const;
    await expect(createSpan(db, byMatchSeat)).rejects.toMatchObject({ status: 409 });
    await db.vote.create({ data: { roundId, voterId: otherReader, verdict: "TIE", seatsSwapped: true } });
    await createSpan(db, byMatchSeat);

    const spans = await readRoundSpans(db, { roundId, viewerId: reader });
    expect(spans.B.counts).toEqual({ unsupported: 1, wrong: 1, insightful: 0 });
    expect(spans.A.counts).toEqual({ unsupported: 0, wrong: 0, insightful: 1 });
    expect(spans.B.spans.map((s) => [s.start, s.end, s.label, s.mine])).toEqual([
      [0, 20, "wrong", true],
      [21, 41, "unsupported", false],
    ]);
    expect(JSON.stringify(spans)).not.toContain(otherReader);

    // Flagged per 1,000 read words: beta's answer has 8 words and 2 flagged spans → 250.
    const rates = await readAgentSpanRates(db);
    expect(rates.find((r) => r.name === "beta-span")).toEqual({
      agentId: w.agents.get("beta-span"),
      name: "beta-span",
      words: 8,
      counts: { unsupported: 1, wrong: 1, insightful: 0 },
      flagged: 2,
      perThousandWords: 250,
    });
    expect(rates.find((r) => r.name === "alpha-span")).toMatchObject({ words: 10, flagged: 0, perThousandWords: 0 });

    const lines = (await spansJsonl(db)).filter((l) => l.round_id === roundId);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      agent: "beta-span",
      agent_id: w.agents.get("beta-span"),
      seat: "B",
      start: 0,
      end: 20,
      label: "wrong",
      quote: "Paris is in Germany.",
    });
    expect(JSON.stringify(lines)).not.toMatch(new RegExp(`${reader}|${otherReader}`));

    // Only the author deletes a span.
    await expect(deleteSpan(db, { id: wrong.id, authorId: otherReader })).rejects.toMatchObject({ status: 404 });
    await deleteSpan(db, { id: wrong.id, authorId: reader });
    expect((await readRoundSpans(db, { roundId })).B.counts.wrong).toBe(0);
  });
});
