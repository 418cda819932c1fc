process.env.ARENA_QUEUE_PREFIX ||= `audit-${process.pid}`;
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { PrismaClient } from "@arena/db";
import {
  AuditError,
  chooseVariants,
  claimItem,
  closeAuditQueue,
  createAuditQueue,
  HOLD_MS,
  itemVariants,
  nextItem,
  nextVariantItem,
  submitAnswers,
  submitReview,
  variantOrder,
  voidRound,
  winnerOf,
} from "@arena/audit";
import { VERDICTS } from "@arena/audit/options";
import { auditReport, examinerAgreement, exportAnnotations, matchVoids, readAuditItem, readAuditQueues } from "@arena/audit/read";
import { readAgent, readLeaderboard } from "@arena/tournament/read";
import { readMatch } from "@arena/match/read";
import { createUser } from "../accounts/fixtures";
import { freshDb } from "../helpers/arena";
import { flushRedis, requireEnv } from "../tournament-fixtures";
import { playTournament, type Played } from "./fixtures";

/**
 * The audit workflow on real PostgreSQL: sampling, holds under concurrency, blind items, answers
 * with revisions, the report's figures and the effect of voiding a round on the match, every
 * later rating snapshot and the rating history.
 */
describe("human audit", () => {
  let db: PrismaClient;
  let played: Played;
  let admin: string;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    requireEnv();
    await flushRedis();
    db = await freshDb();
    played = await playTournament(db);
    admin = (await createUser(db, "admin")).id;
    alice = (await createUser(db, "auditor")).id;
    bob = (await createUser(db, "auditor")).id;
  });
  afterAll(async () => {
    await flushRedis();
    await db?.$disconnect();
  });

  const answers = { deepValidity: "yes", wideValidity: "yes", evolution: "yes", checklistFacts: "correct", ownVerdict: "TIE" } as const;

  it("samples judged rounds, stratified by verdict, half of them seat-swapped", async () => {
    const judged = await db.round.count({ where: { voided: false, verdictToken: { not: null } } });
    const q = await createAuditQueue(
      db,
      { name: "by verdict", sampling: "verdict", size: 6, examinerConfigId: played.examinerConfigId },
      admin,
    );
    expect(q.items).toBe(Math.min(6, judged));
    const items = await db.auditItem.findMany({ where: { queueId: q.id }, include: { round: true } });
    expect(items.filter((i) => i.seatsSwapped)).toHaveLength(Math.floor(q.items / 2));
    expect(items.every((i) => i.round.verdictToken === i.stratum)).toBe(true);
    const strata = new Map<string, number>();
    for (const i of items) strata.set(i.stratum!, (strata.get(i.stratum!) ?? 0) + 1);
    // Equal allocation: a stratum that did not run out has at most one item fewer than any other.
    const available = await db.round.groupBy({
      by: ["verdictToken"],
      where: { voided: false, verdictToken: { not: null } },
      _count: { _all: true },
    });
    const largest = Math.max(...strata.values());
    for (const a of available) {
      const got = strata.get(a.verdictToken!) ?? 0;
      if (got < a._count._all) expect(got).toBeGreaterThanOrEqual(largest - 1);
    }
    await expect(createAuditQueue(db, { name: "none", size: 3, agentId: "no-such-agent" }, admin)).rejects.toThrow(AuditError);
  });

  it("two auditors asking at once never share a slot of a one-annotator queue; holds expire", async () => {
    const q = await createAuditQueue(db, { name: "holds", size: 2, annotatorsPerItem: 1, seed: "h" }, admin);
    const [a, b] = await Promise.all([nextItem(db, q.id, alice), nextItem(db, q.id, bob)]);
    expect(a && b).toBeTruthy();
    expect(a!.itemId).not.toBe(b!.itemId);
    // Asking again returns the item already held.
    expect(await nextItem(db, q.id, alice)).toEqual(a);
    const carol = (await createUser(db, "auditor")).id;
    expect(await nextItem(db, q.id, carol)).toBeNull();
    await expect(claimItem(db, a!.itemId, carol)).rejects.toMatchObject({ status: 409 });
    // Alice and Bob abandon their items: once the holds expire carol gets the oldest of them.
    const later = new Date(Date.now() + HOLD_MS + 1000);
    const oldest = await db.auditItem.findFirstOrThrow({ where: { queueId: q.id }, orderBy: { ordinal: "asc" } });
    expect(await nextItem(db, q.id, carol, later)).toEqual({ itemId: oldest.id });
    // Six concurrent requests on a fresh queue hand out each item at most once.
    const q2 = await createAuditQueue(db, { name: "race", size: 3, annotatorsPerItem: 1, seed: "r" }, admin);
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(db, "auditor")));
    const got = (await Promise.all(users.map((u) => nextItem(db, q2.id, u.id)))).filter((x) => x !== null).map((x) => x.itemId);
    expect(got).toHaveLength(3);
    expect(new Set(got).size).toBe(3);
  });

  it("an item is blind until C1; C1 is stored in match seats; edits keep revisions until the queue closes", async () => {
    const q = await createAuditQueue(db, { name: "pair", size: 4, seed: "p", tournamentId: played.tournamentId }, admin);
    const first = (await nextItem(db, q.id, alice))!;
    const view = (await readAuditItem(db, first.itemId, alice))!;
    expect(view.reveal).toBeNull();
    expect(view.own).toBeNull();
    const text = JSON.stringify(view);
    const round = await db.round.findFirstOrThrow({
      where: { auditItems: { some: { id: first.itemId } } },
      include: { match: { include: { agentA: true, agentB: true } } },
    });
    expect(text).not.toContain(round.match.agentA.name);
    expect(text).not.toContain(round.match.agentB.name);
    expect(text).not.toContain(round.verdictToken!);
    await expect(submitReview(db, first.itemId, alice, { agree: true })).rejects.toMatchObject({ status: 409 });
    await submitAnswers(db, first.itemId, alice, { ...answers, evolution: round.number > 1 ? "yes" : null, ownVerdict: "A_BETTER" });
    const item = await db.auditItem.findUniqueOrThrow({ where: { id: first.itemId } });
    const stored = await db.annotation.findFirstOrThrow({ where: { itemId: first.itemId, auditorId: alice } });
    expect(stored.ownVerdict).toBe(item.seatsSwapped ? "B_BETTER" : "A_BETTER");
    expect(stored.seatsSwapped).toBe(item.seatsSwapped);
    const after = (await readAuditItem(db, first.itemId, alice))!;
    expect(after.own!.ownVerdict).toBe("A_BETTER");
    expect(after.reveal).not.toBeNull();
    // Bob has not answered: his view of the same item shows neither the examiner nor Alice.
    const bobView = (await readAuditItem(db, first.itemId, bob))!;
    expect(bobView.reveal).toBeNull();
    expect(bobView.own).toBeNull();
    expect(await exportAnnotations(db, { id: bob, admin: false }, q.id)).toEqual([]);
    await submitReview(db, first.itemId, alice, { agree: false, sufficiency: "insufficient", comment: "close call" });
    await submitAnswers(db, first.itemId, alice, { ...answers, evolution: round.number > 1 ? "no" : null, ownVerdict: "TIE" });
    const revisions = await db.annotationRevision.findMany({
      where: { annotation: { itemId: first.itemId, auditorId: alice } },
      orderBy: { createdAt: "asc" },
    });
    expect(revisions).toHaveLength(3);
    expect(revisions[0]!.before).toBeNull();
    expect(revisions[2]!.before).toMatchObject({ ownVerdict: stored.ownVerdict, agree: false, comment: "close call" });
    expect(revisions[2]!.after).toMatchObject({ ownVerdict: "TIE" });
    expect(revisions.every((r) => r.editorId === alice)).toBe(true);
    expect(await db.annotationRevision.count({ where: { matchAnswer: { auditorId: alice } } })).toBe(1);
    // The item is done by Alice: next item gives her another one.
    expect((await nextItem(db, q.id, alice))!.itemId).not.toBe(first.itemId);
    await closeAuditQueue(db, q.id);
    await expect(submitAnswers(db, first.itemId, alice, answers)).rejects.toMatchObject({ status: 409 });
    expect(await nextItem(db, q.id, bob)).toBeNull();
  });

  it("on a swapped item every examiner text reads in the seats shown: verdict, reasoning, checklist marks, loser", async () => {
    const q = await createAuditQueue(db, { name: "seats", size: 4, seed: "s", tournamentId: played.tournamentId }, admin);
    const items = await db.auditItem.findMany({ where: { queueId: q.id }, orderBy: { ordinal: "asc" } });
    const swapped = items.find((i) => i.seatsSwapped)!;
    const straight = items.find((i) => !i.seatsSwapped)!;
    // Plant a judgement whose reasoning names seats the ways judges write them (restored at the end:
    // later tests read these rounds' verdicts).
    const originals = await db.round.findMany({
      where: { id: { in: [swapped.roundId, straight.roundId] } },
      select: { id: true, verdictToken: true, loserFailureType: true, verdict: true },
    });
    const reasoning =
      "Heuristic checklist matching. A: entities 2/2, facts 3/5 (missing: the year). B: entities 0/2, facts 1/5. Agent A names Varden Academy; Answer B does not. Hard constraints decide: A covers more. [[A_BETTER]]";
    for (const i of [swapped, straight]) {
      await db.round.update({
        where: { id: i.roundId },
        data: {
          verdictToken: "[[A_BETTER]]",
          loserFailureType: "DEEP",
          verdict: { verdict: "[[A_BETTER]]", tie_quality: "N/A", loser_failure_type: "DEEP", reasoning },
        },
      });
      const r = await db.round.findUniqueOrThrow({ where: { id: i.roundId } });
      await claimItem(db, i.id, alice);
      await submitAnswers(db, i.id, alice, { ...answers, evolution: r.number > 1 ? "yes" : null, ownVerdict: "B_BETTER" });
    }
    const seen = (await readAuditItem(db, swapped.id, alice))!;
    expect(seen.reveal).toMatchObject({ verdict: "B_BETTER", failureType: "DEEP" });
    expect(seen.reveal!.reasoning).toBe(
      "Heuristic checklist matching. B: entities 2/2, facts 3/5 (missing: the year). A: entities 0/2, facts 1/5. Agent B names Varden Academy; Answer A does not. Hard constraints decide: B covers more. [[B_BETTER]]",
    );
    // The answer the examiner preferred is the one the page shows as B.
    const round = await db.round.findUniqueOrThrow({ where: { id: swapped.roundId } });
    expect(seen.answers.B.text).toBe(round.answerA);
    // C1 was given in the page's seats and is stored in the match's: "B better" on this page is A.
    expect((await db.annotation.findFirstOrThrow({ where: { itemId: swapped.id, auditorId: alice } })).ownVerdict).toBe("A_BETTER");
    const plain = (await readAuditItem(db, straight.id, alice))!;
    expect(plain.reveal).toMatchObject({ verdict: "A_BETTER", reasoning });
    for (const o of originals) {
      await db.round.update({
        where: { id: o.id },
        data: { verdictToken: o.verdictToken, loserFailureType: o.loserFailureType, verdict: o.verdict ?? undefined },
      });
    }
    await closeAuditQueue(db, q.id);
  });

  it("the report's κ, shares and confusion matrix follow the annotations (known answers)", async () => {
    const q = await createAuditQueue(db, { name: "report", size: 4, seed: "k", examinerConfigId: played.examinerConfigId }, admin);
    const items = await db.auditItem.findMany({ where: { queueId: q.id }, include: { round: true }, orderBy: { ordinal: "asc" } });
    const examiner = items.map((i) => i.round.verdictToken!.slice(2, -2).replace("Tie", "TIE"));
    // Alice always agrees with the examiner; Bob says Tie on every item.
    for (const [k, i] of items.entries()) {
      const shown = (v: string) => (i.seatsSwapped ? v.replace(/^A_/, "X_").replace(/^B_/, "A_").replace(/^X_/, "B_") : v);
      const ev = i.round.number > 1 ? "yes" : null;
      await claimItem(db, i.id, alice);
      await submitAnswers(db, i.id, alice, {
        ...answers,
        evolution: ev,
        checklistFacts: k === 0 ? "major" : "correct",
        ownVerdict: z.enum(VERDICTS).parse(shown(examiner[k]!)),
      });
      await submitReview(db, i.id, alice, { agree: true, sufficiency: "sufficient" });
      await claimItem(db, i.id, bob);
      await submitAnswers(db, i.id, bob, { ...answers, evolution: ev, deepValidity: k === 0 ? "no" : "yes", ownVerdict: "TIE" });
    }
    const report = await auditReport(db, { id: admin, admin: true }, q.id);
    const n = items.length;
    expect(report.annotations).toBe(2 * n);
    expect(report.kappa.perAuditor.find((p) => p.auditorId === alice)!.kappa).toBe(1);
    expect(report.questionValidity).toEqual({ percent: (100 * (2 * n - 1)) / (2 * n), n: 2 * n });
    expect(report.rubricFactuality.percent).toBeCloseTo((100 * (2 * n - 1)) / (2 * n), 10);
    expect(report.confusion.matrix.flat().reduce((s, x) => s + x, 0)).toBe(2 * n);
    const tieColumn = report.confusion.matrix.reduce((s, row) => s + row[2]!, 0);
    expect(tieColumn).toBe(n + examiner.filter((v) => v === "TIE").length);
    // κ between auditors recomputed from the export by hand.
    const rows = await exportAnnotations(db, { id: admin, admin: true }, q.id);
    const a = rows.filter((r) => r.auditorId === alice).map((r) => winnerOf(r.ownVerdict));
    const allTie = a.every((w) => w === "tie");
    expect(report.kappa.betweenAuditors).toHaveLength(1);
    expect(report.kappa.betweenAuditors[0]!.kappa).toBe(allTie ? 1 : 0);
    expect(report.stopCondition.percent).toBe(100);
    const queues = await readAuditQueues(db, { id: alice, admin: false });
    expect(queues.find((x) => x.id === q.id)).toMatchObject({ done: 2 * n, needed: 2 * n, mine: n });
    // An auditor sees the other auditors as numbered pseudonyms; an admin sees who.
    const seen = await auditReport(db, { id: alice, admin: false }, q.id);
    expect(seen.kappa.perAuditor.map((p) => p.name).sort()).toEqual([expect.stringMatching(/^Auditor \d+$/), "You"]);
    expect(
      seen.disagreements.flatMap((d) => d.auditors.map((x) => x.name)).every((name) => name === "You" || /^Auditor \d+$/.test(name)),
    ).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(bob);
    expect(JSON.stringify(seen) + JSON.stringify(queues)).not.toContain("@example.test");
    expect(report.kappa.perAuditor.map((p) => p.name).join(" ")).toMatch(/@/);
    // The public line of the examiner configuration.
    const line = (await examinerAgreement(db, played.examinerConfigId))!;
    expect(line.rounds).toBeGreaterThanOrEqual(n);
  });

  it("a queue that keeps its questions off public pages holds them back on the match until it closes; another queue does not", async () => {
    const open = await createAuditQueue(db, { name: "not blind", size: 2, seed: "nb", tournamentId: played.tournamentId }, admin);
    const held = await createAuditQueue(
      db,
      { name: "blind", size: 2, seed: "hq", tournamentId: played.tournamentId, hideQuestions: true },
      admin,
    );
    const item = await db.auditItem.findFirstOrThrow({ where: { queueId: held.id }, include: { round: true } });
    const roundOf = async () => (await readMatch(db, item.round.matchId))!.roundsList.find((r) => r.number === item.round.number)!;
    expect(await roundOf()).toMatchObject({ question: null, questionHeld: true });
    expect((await readAuditItem(db, item.id, alice))!.queue.hideQuestions).toBe(true);
    const plain = await db.auditItem.findFirstOrThrow({ where: { queueId: open.id } });
    expect((await readAuditItem(db, plain.id, alice))!.queue.hideQuestions).toBe(false);
    await closeAuditQueue(db, held.id);
    expect(await roundOf()).toMatchObject({ question: item.round.question, questionHeld: false });
  });

  it("Instrument I: three blinded variants of the node in a per-auditor order; picks are stored as configurations and rated in the report", async () => {
    const q = await createAuditQueue(db, { name: "instrument", size: 2, seed: "i" }, admin);
    const itemId = (await nextVariantItem(db, q.id, alice))!;
    const { order, options } = await itemVariants(db, itemId, alice);
    expect([...order].sort()).toEqual(["flat_context", "full_tree", "no_logic_chain"]);
    expect(order).toEqual(variantOrder(itemId, alice));
    const full = options[order.indexOf("full_tree")]!;
    expect(full.question.length).toBeGreaterThan(20);
    expect(JSON.stringify(options)).not.toContain("full_tree");
    // Alice prefers the full tree's question and the flat context's checklist.
    await chooseVariants(db, itemId, alice, {
      bestQuestion: order.indexOf("full_tree") + 1,
      bestChecklist: order.indexOf("flat_context") + 1,
    });
    expect(await db.auditVariantChoice.findFirstOrThrow({ where: { itemId, auditorId: alice } })).toMatchObject({
      bestQuestion: "full_tree",
      bestChecklist: "flat_context",
    });
    expect(await nextVariantItem(db, q.id, alice)).not.toBe(itemId);
    const report = await auditReport(db, { id: admin, admin: true }, q.id);
    expect(report.instrumentI).toEqual({
      n: 1,
      question: { full_tree: 100, flat_context: 0, no_logic_chain: 0 },
      checklist: { full_tree: 0, flat_context: 100, no_logic_chain: 0 },
    });
  });

  it("voiding a round changes the match, every later snapshot and the rating history", async () => {
    // A decisive round of a match whose winner it decides: removing its points flips or ties the result.
    const matches = await db.match.findMany({
      where: { tournamentId: played.tournamentId, status: "completed", winner: { not: "tie" } },
      include: { roundRows: { orderBy: { number: "asc" } } },
    });
    let target: { roundId: string; matchId: string } | null = null;
    for (const m of matches) {
      for (const r of m.roundRows) {
        const prev = m.roundRows.find((x) => x.number === r.number - 1);
        const gain = Math.abs(r.scoreA - (prev?.scoreA ?? 0) - (r.scoreB - (prev?.scoreB ?? 0)));
        if (!r.voided && r.verdictToken && gain >= Math.abs(m.scoreA - m.scoreB)) target = { roundId: r.id, matchId: m.id };
      }
      if (target) break;
    }
    expect(target, "a round whose points decide its match").not.toBeNull();
    const before = await db.match.findUniqueOrThrow({ where: { id: target!.matchId } });
    const snapsBefore = await db.ratingSnapshot.findMany({
      where: { examinerConfigId: played.examinerConfigId, tournamentId: null },
      orderBy: { createdAt: "asc" },
    });
    const board = await readLeaderboard(db, { examiner: played.examinerConfigId });
    const historyBefore = (await readAgent(db, before.agentAId, { examiner: played.examinerConfigId }))!.ratingHistory;
    const out = await voidRound(db, target!.roundId, admin, "checklist had major hallucinations");
    const after = await db.match.findUniqueOrThrow({ where: { id: target!.matchId } });
    expect(after.winner).not.toBe(before.winner);
    expect(out).toMatchObject({ winnerBefore: before.winner, winnerAfter: after.winner });
    expect(after.voidedRounds).toBe(before.voidedRounds + 1);
    expect(after.rounds).toBe(before.rounds - 1);
    const snapsAfter = await db.ratingSnapshot.findMany({
      where: { examinerConfigId: played.examinerConfigId, tournamentId: null },
      orderBy: { createdAt: "asc" },
    });
    expect(snapsAfter.map((s) => s.id)).toEqual(snapsBefore.map((s) => s.id));
    const changed = snapsAfter.filter((s, i) => JSON.stringify(s.ratings) !== JSON.stringify(snapsBefore[i]!.ratings));
    expect(changed.length).toBeGreaterThan(0);
    expect(snapsAfter.filter((s) => s.createdAt < before.finishedAt!).map((s) => s.ratings)).toEqual(
      snapsBefore.filter((s) => s.createdAt < before.finishedAt!).map((s) => s.ratings),
    );
    expect(out.snapshots.find((s) => s.tournamentId === null)!.rewritten).toBe(
      snapsBefore.filter((s) => s.createdAt >= before.finishedAt!).length,
    );
    const boardAfter = await readLeaderboard(db, { examiner: played.examinerConfigId });
    const record = (b: typeof board) => b!.rows.map((r) => [r.agentId, r.wins, r.losses, r.ties]);
    expect(record(boardAfter)).not.toEqual(record(board));
    const historyAfter = (await readAgent(db, before.agentAId, { examiner: played.examinerConfigId }))!.ratingHistory;
    expect(historyAfter.map((h) => h.rating)).not.toEqual(historyBefore.map((h) => h.rating));
    expect(await matchVoids(db, target!.matchId)).toMatchObject([{ reason: "checklist had major hallucinations" }]);
    await expect(voidRound(db, target!.roundId, admin, "again")).rejects.toMatchObject({ status: 409 });
  });
});
