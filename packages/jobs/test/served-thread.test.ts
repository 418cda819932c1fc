import { describe, expect, it } from "vitest";
import { ServedThread } from "../src/served-thread";

interface Ask {
  n: number;
  wait?: number;
  fail?: boolean;
  crash?: boolean;
}
type Answer = { n: number; threadId: number };

const THREAD = new URL("./fixtures/echo-thread.mjs", import.meta.url);
const slow = { ms: 200, error: () => new Error("over the limit") };

describe("a served thread", () => {
  it("answers requests in the order they came, all on one thread kept between them", async () => {
    const thread = new ServedThread<Ask>(THREAD, "the echo thread");
    const answers = await Promise.all([{ n: 1, wait: 50 }, { n: 2 }, { n: 3, wait: 20 }].map((a) => thread.run<Answer>(a)));
    expect(answers.map((a) => a.n)).toEqual([1, 2, 3]);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(1);
    const later = await thread.run<Answer>({ n: 4 });
    expect(later.threadId).toBe(answers[0]!.threadId);
  });

  it("fails a request the thread throws on with its message, and goes on with the next on the same thread", async () => {
    const thread = new ServedThread<Ask>(THREAD, "the echo thread");
    const first = await thread.run<Answer>({ n: 1 });
    await expect(thread.run<Answer>({ n: 2, fail: true })).rejects.toThrow("request 2 failed");
    expect((await thread.run<Answer>({ n: 3 })).threadId).toBe(first.threadId);
  });

  it("fails a request over its time limit with the limit's error and replaces the thread for the next", async () => {
    const thread = new ServedThread<Ask>(THREAD, "the echo thread");
    const first = await thread.run<Answer>({ n: 1 });
    await expect(thread.run<Answer>({ n: 2, wait: 5_000 }, slow)).rejects.toThrow("over the limit");
    const next = await thread.run<Answer>({ n: 3 }, slow);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it("fails the request a thread dies on, naming the thread, and starts a new one for the next", async () => {
    const thread = new ServedThread<Ask>(THREAD, "the echo thread");
    const first = await thread.run<Answer>({ n: 1 });
    await expect(thread.run<Answer>({ n: 2, crash: true })).rejects.toThrow("the echo thread exited (code 3)");
    expect((await thread.run<Answer>({ n: 3 })).threadId).not.toBe(first.threadId);
  });

  it("fails every waiting request when the thread cannot load at all", async () => {
    const thread = new ServedThread<Ask>(new URL("./fixtures/missing-thread.mjs", import.meta.url), "the missing thread");
    const results = await Promise.allSettled([thread.run({ n: 1 }), thread.run({ n: 2 })]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
