import { describe, expect, it } from "vitest";
import { callCost, priceFor, priceTable } from "../src/index";

describe("model prices", () => {
  it("prices dated snapshots as their model, and nothing else by prefix", () => {
    expect(priceFor("gpt-4o-mini-2024-07-18")).toEqual({ input: 0.15, output: 0.6 });
    expect(priceFor("gpt-4o-2024-11-20")).toEqual({ input: 2.5, output: 10 });
    expect(priceFor("gpt-5-mini-latest")).toEqual({ input: 0.25, output: 2 });
    expect(priceFor("o3-pro")).toBeNull();
    expect(priceFor("gpt-5-pro")).toBeNull();
    expect(priceFor("local-llama")).toBeNull();
  });

  it("costs a call per million tokens, and nothing when a figure is unknown", () => {
    expect(callCost({ input: 2, output: 8 }, 1_000_000, 500_000)).toBe(6);
    expect(callCost(null, 10, 10)).toBeNull();
    expect(callCost({ input: 2, output: 8 }, null, 10)).toBeNull();
  });

  it("extends the table with operator overrides and rejects malformed ones", () => {
    expect(priceFor("local-llama", priceTable('{"local-llama":{"input":1,"output":2}}'))).toEqual({ input: 1, output: 2 });
    expect(() => priceTable("{not json")).toThrow(/not valid JSON/);
    expect(() => priceTable('{"m":{"input":-1,"output":2}}')).toThrow(/ARENA_MODEL_PRICES/);
  });

  it("knows only its own entries: models named after Object.prototype members have no price and no NaN cost", () => {
    for (const model of ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf-2024-01-01"]) {
      expect(priceFor(model)).toBeNull();
      expect(priceFor(model, priceTable())).toBeNull();
      expect(callCost(priceFor(model, priceTable()), 1000, 1000)).toBeNull();
    }
    expect(priceFor("constructor", priceTable('{"constructor":{"input":1,"output":2}}'))).toEqual({ input: 1, output: 2 });
  });
});
