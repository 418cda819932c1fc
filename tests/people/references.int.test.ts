import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { kendallTauB, spearmanRho } from "@arena/core";
import { createReference, deleteReference, recomputeReference, ReferenceBoardError, updateReferenceMapping } from "@arena/votes";
import { readReferences } from "@arena/votes/read";
import { createUser } from "../accounts/fixtures";
import { freshDb } from "../helpers/arena";
import { plantJudgedRounds, type PlantedRounds } from "./planted-rounds";

/**
 * Reference leaderboards on PostgreSQL: names suggested from agent names (exact, then ignoring
 * case), the agreement with the examiner's stored ratings computed when stored, when the mapping
 * changes and on request, kept with the leaderboard's date; bad input refused with nothing stored.
 */
describe("reference leaderboards", () => {
  let db: PrismaClient;
  let planted: PlantedRounds;
  let adminId: string;

  beforeAll(async () => {
    db = await freshDb();
    planted = await plantJudgedRounds(db, { agents: 5 });
    adminId = (await createUser(db, "admin")).id;
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  const examinerRatings = async () => {
    const snap = await db.ratingSnapshot.findFirstOrThrow({
      where: { examinerConfigId: planted.examinerConfigId, tournamentId: null },
      orderBy: { createdAt: "desc" },
    });
    return new Map((snap.ratings as { agentId: string; rating: number }[]).map((r) => [r.agentId, r.rating]));
  };

  it("stores, suggests the mapping, and computes ρ and τ against the examiner's ratings", async () => {
    const names = planted.order.map((id) => planted.names.get(id)!);
    // Scores in the planted order, the first two names in other letter case, one name unknown here.
    const text = [
      "model,elo",
      `${names[0]!.toUpperCase()},1300`,
      `${names[1]},1250`,
      `${names[2]},1200`,
      `${names[3]},1150`,
      "somebody else,1100",
      `${names[4]},1000`,
    ].join("\n");
    const { id } = await createReference(db, {
      name: "Search Arena",
      source: "https://lmarena.ai/leaderboard/search",
      date: "2026-11-01",
      text,
      createdById: adminId,
    });
    const view = (await readReferences(db)).references.find((r) => r.id === id)!;
    expect(view.date).toBe("2026-11-01");
    expect(view.entries.map((e) => e.agentId)).toEqual([...planted.order.slice(0, 4), null, planted.order[4]!]);
    const ratings = await examinerRatings();
    const scores = [1300, 1250, 1200, 1150, 1000];
    const exam = planted.order.map((a) => ratings.get(a)!);
    expect(view.agreement!.agents).toBe(5);
    expect(view.agreement!.examinerConfigId).toBe(planted.examinerConfigId);
    expect(view.agreement!.spearman!.value).toBeCloseTo(spearmanRho(scores, exam), 12);
    expect(view.agreement!.kendall!.value).toBeCloseTo(kendallTauB(scores, exam), 12);
    expect(view.line).toMatch(/^ρ -?\d\.\d\d \[-?\d\.\d\d, -?\d\.\d\d\], τ -?\d\.\d\d \[-?\d\.\d\d, -?\d\.\d\d\], 5 agents$/);

    // The admin unmaps three names: below the minimum, no figure, and says why.
    const fewer = await updateReferenceMapping(db, id, {
      mapping: { [names[0]!.toUpperCase()]: null, [names[1]!]: null, [names[2]!]: null },
    });
    expect(fewer.agents).toBe(2);
    expect(fewer.spearman).toBeNull();
    expect((await readReferences(db)).references[0]!.line).toBe("2 mapped agents are rated by the examiner: 3 needed");
    // Mapped back, and recomputed on request against the newest ratings.
    await updateReferenceMapping(db, id, {
      mapping: { [names[0]!.toUpperCase()]: planted.order[0]!, [names[1]!]: planted.order[1]!, [names[2]!]: planted.order[2]! },
    });
    const again = await recomputeReference(db, id);
    expect(again.spearman!.value).toBeCloseTo(view.agreement!.spearman!.value, 12);
  });

  it("refuses bad input with the reason and stores nothing", async () => {
    const before = await db.referenceLeaderboard.count();
    await expect(createReference(db, { name: "x", date: "2026-11-01", text: "a,1\nb,two", createdById: adminId })).rejects.toThrow(
      /line 2: the score "two" is not a number/,
    );
    await expect(createReference(db, { name: "x", date: "1 Nov", text: "a,1", createdById: adminId })).rejects.toThrow();
    await expect(
      createReference(db, { name: "x", date: "2026-11-01", source: "javascript:alert(1)", text: "a,1", createdById: adminId }),
    ).rejects.toThrow(/http/);
    expect(await db.referenceLeaderboard.count()).toBe(before);
    const { id } = await createReference(db, { name: "tiny", date: "2026-11-02", text: "a,1", createdById: adminId });
    await expect(updateReferenceMapping(db, id, { mapping: { "not a name here": null } })).rejects.toBeInstanceOf(ReferenceBoardError);
    await expect(updateReferenceMapping(db, id, { mapping: { a: "no-such-agent" } })).rejects.toThrow(/does not exist/);
    await deleteReference(db, id);
    await expect(deleteReference(db, id)).rejects.toThrow(/no such/);
  });
});
