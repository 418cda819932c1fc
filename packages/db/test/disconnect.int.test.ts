import { expect, it } from "vitest";
import { disconnectPrisma, prisma, sqlPool } from "../src/index";

// A command that read through sqlPool only (`arena score` reading corpus pages) never made the
// client connect, so $disconnect left the pool open and the process waited out its 10 s idle timer.
it("disconnectPrisma ends the pool under the shared client, also when only sqlPool was queried", async () => {
  const pool = sqlPool(prisma());
  expect((await pool.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  await disconnectPrisma();
  expect(pool.ended).toBe(true);
});
