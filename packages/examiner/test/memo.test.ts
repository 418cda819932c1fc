import { describe, expect, it } from "vitest";
import { memoized } from "../src/memo";

describe("memoized", () => {
  const counting = (maxChars: number) => {
    const calls: string[] = [];
    const f = memoized((t) => {
      calls.push(t);
      return t.toUpperCase();
    }, maxChars);
    return { f, calls };
  };

  it("computes a text once while it is kept", () => {
    const { f, calls } = counting(100);
    expect(f("abc")).toBe("ABC");
    expect(f("abc")).toBe("ABC");
    expect(calls).toEqual(["abc"]);
  });

  it("keeps at most maxChars of texts, dropping the oldest first", () => {
    const { f, calls } = counting(80);
    for (const t of [
      "a".repeat(10),
      "b".repeat(10),
      "c".repeat(10),
      "d".repeat(10),
      "e".repeat(10),
      "f".repeat(10),
      "g".repeat(10),
      "h".repeat(10),
      "i".repeat(10),
    ])
      f(t);
    calls.length = 0;
    f("b".repeat(10)); // kept
    f("a".repeat(10)); // dropped: 90 characters were offered, 80 fit
    expect(calls).toEqual(["a".repeat(10)]);
  });

  it("does not keep a text larger than an eighth of the budget", () => {
    const { f, calls } = counting(80);
    f("x".repeat(11));
    f("x".repeat(11));
    expect(calls).toHaveLength(2);
  });
});
