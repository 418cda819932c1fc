process.env.ARENA_QUEUE_PREFIX = `limits-${process.pid}`;
import { afterAll, describe, expect, it } from "vitest";
import { createRedis, hostTurns, keyPrefix, takeSlot } from "../src";

/** Limits kept in Redis hold across connections (stand-ins for separate processes). */
describe("limits in Redis", () => {
  const a = createRedis();
  const b = createRedis();
  afterAll(async () => {
    const keys = await a.keys(`${keyPrefix()}:*`);
    if (keys.length) await a.del(...keys);
    a.disconnect();
    b.disconnect();
  });

  it("a sliding window allows max attempts in all, whichever connection asks, and says when the next one is allowed", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => takeSlot(i % 2 ? a : b, "probe", "user-1", 6, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(6);
    const refused = results.filter((r) => !r.allowed);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.retryAfterMs).toBeGreaterThan(55_000);
    expect((await takeSlot(a, "probe", "user-2", 6, 60_000)).allowed).toBe(true);
  });

  it("host turns book one slot after another across connections", async () => {
    const waits = await Promise.all([
      hostTurns(a).take("site.example", 1000),
      hostTurns(b).take("site.example", 1000),
      hostTurns(a).take("site.example", 1000),
    ]);
    expect(waits.sort((x, y) => x - y).map((w) => Math.round(w / 1000))).toEqual([0, 1, 2]);
    expect(await hostTurns(b).take("other.example", 1000)).toBe(0);
  });
});
