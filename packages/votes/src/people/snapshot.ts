import type { Db, Prisma } from "@arena/db";
import { z } from "zod";
import { peopleBasis } from "./basis";
import { computePeople } from "./compute";
import { loadPeopleInputs, type PeopleScope } from "./inputs";
import { peopleAgreementSchema, peopleRatingRowSchema } from "./schemas";

/**
 * Stores the people's snapshots (PeopleSnapshot): every round's scope (examinerConfigId null) and
 * each examiner configuration's with people's verdicts, computed by a worker (never per request)
 * when the inputs' fingerprint (./basis.ts) moved since the last snapshot. All scopes are
 * computed together: a fit over a few thousand verdicts takes milliseconds.
 */

export interface PeopleRefresh {
  /** Scopes stored by this call (none when nothing changed). */
  written: { examinerConfigId: string | null; votesCounted: number }[];
  basis: string;
}

const basisOf = z.object({ basis: z.string() });

/** The basis the latest snapshots were computed on, or null before the first. */
async function storedBasis(db: Db): Promise<string | null> {
  const last = await db.peopleSnapshot.findFirst({
    where: { examinerConfigId: null },
    orderBy: { createdAt: "desc" },
    select: { agreement: true },
  });
  const parsed = basisOf.safeParse(last?.agreement);
  return parsed.success ? parsed.data.basis : null;
}

/** True when the people's snapshots are behind their inputs. */
export async function peopleStale(db: Db): Promise<boolean> {
  const [basis, stored] = await Promise.all([peopleBasis(db), storedBasis(db)]);
  return basis !== stored && !(stored === null && (await nothingYet(db)));
}

/** No vote and no annotation was ever stored: there is no people's board to write. */
async function nothingYet(db: Db): Promise<boolean> {
  const [votes, annotations] = await Promise.all([db.vote.count(), db.annotation.count()]);
  return votes === 0 && annotations === 0;
}

/** The scopes to store: every round, each configuration whose rounds have verdicts, and each stored before (it may have lost them). */
async function scopes(db: Db): Promise<PeopleScope[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT m."examinerConfigId" AS id FROM "Vote" v JOIN "Round" r ON r.id = v."roundId" JOIN "Match" m ON m.id = r."matchId"
    UNION SELECT DISTINCT m."examinerConfigId" FROM "Annotation" a JOIN "Round" r ON r.id = a."roundId" JOIN "Match" m ON m.id = r."matchId"
    UNION SELECT DISTINCT "examinerConfigId" FROM "PeopleSnapshot" WHERE "examinerConfigId" IS NOT NULL
    ORDER BY 1`;
  return [{ examinerConfigId: null }, ...rows.map((r) => ({ examinerConfigId: r.id }))];
}

/** Snapshots kept per scope: the newest is read; a few before it show how the figure moved. */
const KEPT_PER_SCOPE = 20;

/**
 * Recomputes and stores every scope's snapshot when the inputs changed since the last one (or
 * always, with `force`). The every-round scope is written last: its basis is what staleness is
 * judged by, so a computation cut short is done again. Returns what it wrote.
 */
export async function refreshPeopleSnapshots(db: Db, opts: { force?: boolean } = {}): Promise<PeopleRefresh> {
  const [basis, stored] = await Promise.all([peopleBasis(db), storedBasis(db)]);
  if (!opts.force && (basis === stored || (stored === null && (await nothingYet(db))))) return { written: [], basis };
  const written: PeopleRefresh["written"] = [];
  for (const scope of (await scopes(db)).reverse()) {
    const result = computePeople(await loadPeopleInputs(db, scope, basis));
    await db.peopleSnapshot.create({
      data: {
        examinerConfigId: scope.examinerConfigId,
        votesCounted: result.votesCounted,
        ratings: z.array(peopleRatingRowSchema).parse(result.ratings) as unknown as Prisma.InputJsonValue,
        agreement: peopleAgreementSchema.parse(result.agreement) as unknown as Prisma.InputJsonValue,
      },
    });
    await prune(db, scope);
    written.push({ examinerConfigId: scope.examinerConfigId, votesCounted: result.votesCounted });
  }
  return { written, basis };
}

async function prune(db: Db, scope: PeopleScope): Promise<void> {
  const old = await db.peopleSnapshot.findMany({
    where: { examinerConfigId: scope.examinerConfigId },
    orderBy: { createdAt: "desc" },
    skip: KEPT_PER_SCOPE,
    select: { id: true },
  });
  if (old.length) await db.peopleSnapshot.deleteMany({ where: { id: { in: old.map((o) => o.id) } } });
}
