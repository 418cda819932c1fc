import { describe, expect, it } from "vitest";
import { NetError } from "@arena/net";
import { APIConnectionError } from "openai";
import type { AgentRequest } from "@arena/core";
import { answerOf, classifyError, healthFailure, tokenCount } from "../src/answer";
import { builtinAgent } from "../src/builtin/agent";

const req: AgentRequest = {
  question: "Which console did NEC sell in 1990?",
  wordLimitInstruction: "Answer length: 150-250 words.",
  history: [],
};

describe("classifyError: only agent-side failures are classified", () => {
  it("follows SDK wrappers to the deciding error and reports its message", () => {
    const net = new NetError("refused", "http://10.0.0.1/v1/chat/completions", "address 10.0.0.1 is private");
    const wrapped = new APIConnectionError({ cause: net });
    expect(classifyError(wrapped)).toEqual({ class: "refused", detail: net.message });
  });

  it("a failed health check names its class once, whether the error named it (our client) or not (an SDK)", () => {
    const net = new NetError("refused", "http://127.0.0.1:9/health", "request failed (fetch failed)");
    expect(healthFailure(net).detail).toBe("refused: request failed (fetch failed) (http://127.0.0.1:9/health)");
    expect(healthFailure(new APIConnectionError({ cause: net })).detail).toBe(
      "refused: request failed (fetch failed) (http://127.0.0.1:9/health)",
    );
    expect(healthFailure(new NetError("timeout", "http://a.example/health", "no complete response within 10 ms")).detail).toMatch(
      /^timeout: no complete/,
    );
  });

  it("rethrows an error of no known kind (an arena bug, not the agent's failure)", () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'url')");
    expect(() => classifyError(bug)).toThrow(bug);
  });

  it("an adapter hit by an arena bug rejects instead of recording a refusal", async () => {
    const broken = { search: async () => Promise.reject(new RangeError("index out of range")), pageText: async () => null };
    const agent = builtinAgent("builtin:extractive", { strategy: "extractive", timeoutMs: 1_000 }, broken);
    await expect(agent.answer(req, { seed: "s" })).rejects.toThrow(/index out of range/);
    const down = {
      search: async () => Promise.reject(new NetError("http_status", "http://sandbox/search", "HTTP 503", 503)),
      pageText: async () => null,
    };
    const failed = await builtinAgent("builtin:extractive", { strategy: "extractive", timeoutMs: 1_000 }, down).answer(req, { seed: "s" });
    expect(failed.error).toMatchObject({ class: "http_status" });
  });
});

describe("answers as stored", () => {
  it("drop NUL characters, which PostgreSQL cannot store (an agent could otherwise make its round unstorable)", () => {
    const a = answerOf("Claim\u0000 [1].\n\n## References\n1. https://one.org/\u0000x", performance.now(), { tokens: null, costUsd: null });
    expect(a.text).not.toContain("\u0000");
    expect(a.text).toBe("Claim [1].\n\n## References\n1. https://one.org/x");
    expect(a.citations).toEqual({ count: 1, urls: ["https://one.org/x"] });
  });

  it("accept token counts that fit the 32-bit columns only", () => {
    expect(tokenCount.safeParse(2 ** 31 - 1).success).toBe(true);
    expect(tokenCount.safeParse(2 ** 31).success).toBe(false);
    expect(tokenCount.safeParse(12.5).success).toBe(false);
    expect(tokenCount.safeParse(-1).success).toBe(false);
  });
});
