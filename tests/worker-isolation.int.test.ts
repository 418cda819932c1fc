import { describe, expect, it } from "vitest";
import { keyPrefix } from "@arena/jobs";
import { freshDb } from "./helpers/arena";

/**
 * Integration files run several at a time (three by default); each must be on its own worker's database and queue
 * prefix, set before anything read the environment (tests/helpers/worker-env.ts).
 */
describe("an integration worker's own services", () => {
  const worker = process.env.VITEST_POOL_ID!;

  it("connects to the database cloned for this worker, migrated like the test database", async () => {
    const db = await freshDb();
    try {
      const [row] = await db.$queryRawUnsafe<Array<{ name: string }>>("select current_database()::text as name");
      expect(row!.name).toMatch(new RegExp(`_w${worker}$`));
      expect(await db.agent.count()).toBe(0);
    } finally {
      await db.$disconnect();
    }
  });

  it("keys its queues, locks and events under this worker's prefix", () => {
    expect(keyPrefix()).toMatch(new RegExp(`_w${worker}$`));
    expect(process.env.ARENA_QUEUE_PREFIX).toBe(keyPrefix());
  });
});
