import { afterEach, describe, expect, it } from "vitest";
import { ARENA_VARIABLES, arenaEnv, parseArenaEnv } from "../src/env";

describe("ARENA_* environment", () => {
  it("gives every variable its default when unset or empty", () => {
    const env = parseArenaEnv({ ARENA_QUEUE_PREFIX: "", ARENA_LOCK_MS: " " });
    expect(env).toMatchObject({
      ARENA_QUEUE_PREFIX: "arena",
      ARENA_ALLOW_HOSTS: [],
      ARENA_SCORING_MODE: "offline",
      ARENA_MATCH_CONCURRENCY: 4,
      ARENA_SANDBOX_PORT: 0,
      ARENA_LOCK_MS: 30_000,
      ARENA_RECONCILE_MS: 15_000,
      ARENA_DB_POOL: 10,
      ARENA_WEB_DIST_DIR: ".next",
      ARENA_AUTH_RATE_LIMIT: true,
    });
    expect(env.ARENA_EXAMINER_GENERATION_TEMPERATURE).toBeUndefined();
    expect(env.ARENA_SANDBOX_URL).toBeUndefined();
  });

  it("parses values: lists trimmed, numbers, temperatures, the rate-limit switch", () => {
    const env = parseArenaEnv({
      ARENA_ALLOW_HOSTS: " 10.0.0.0/8, ,example.test:8080 ",
      ARENA_RECONCILE_MS: "0",
      ARENA_EXAMINER_JUDGE_TEMPERATURE: "0",
      ARENA_AUTH_RATE_LIMIT: "off",
      ARENA_MODEL_PRICES: '{"m":{"input":1,"output":2}}',
    });
    expect(env.ARENA_ALLOW_HOSTS).toEqual(["10.0.0.0/8", "example.test:8080"]);
    expect(env.ARENA_RECONCILE_MS).toBe(0);
    expect(env.ARENA_EXAMINER_JUDGE_TEMPERATURE).toBe(0);
    expect(env.ARENA_AUTH_RATE_LIMIT).toBe(false);
    expect(env.ARENA_MODEL_PRICES).toBe('{"m":{"input":1,"output":2}}');
  });

  it("names every bad variable with its value in one error", () => {
    const bad = {
      ARENA_LOCK_MS: "soon",
      ARENA_MATCH_CONCURRENCY: "0",
      ARENA_EXAMINER_GENERATION_TEMPERATURE: "warm",
      ARENA_SCORING_MODE: "online",
      ARENA_SANDBOX_URL: "ftp://x",
      ARENA_MODEL_PRICES: "{not json",
      ARENA_SANDBOX_PORT: "70000",
    };
    let message = "";
    try {
      parseArenaEnv(bad);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^invalid environment: /);
    expect(message).toContain('ARENA_LOCK_MS must be a number of milliseconds from 1 on, got "soon"');
    expect(message).toContain('ARENA_MATCH_CONCURRENCY must be a whole number from 1 on, got "0"');
    expect(message).toContain('ARENA_EXAMINER_GENERATION_TEMPERATURE must be a number from 0 to 2, got "warm"');
    expect(message).toContain('ARENA_SCORING_MODE must be offline or llm, got "online"');
    expect(message).toContain('ARENA_SANDBOX_URL must be an http(s) URL, got "ftp://x"');
    expect(message).toContain("ARENA_MODEL_PRICES is not valid JSON");
    expect(message).toContain('ARENA_SANDBOX_PORT must be a port from 0 to 65535, got "70000"');
  });

  it("lists each variable once, all named ARENA_* but the database, Redis and sign-in ones", () => {
    expect(new Set(ARENA_VARIABLES).size).toBe(ARENA_VARIABLES.length);
    const others = ["DATABASE_URL", "REDIS_URL", "BETTER_AUTH_URL", "BETTER_AUTH_SECRET"];
    for (const name of ARENA_VARIABLES.filter((n) => !others.includes(n))) expect(name).toMatch(/^ARENA_[A-Z_]+$/);
    expect(ARENA_VARIABLES).toEqual(expect.arrayContaining(others));
  });

  describe("arenaEnv (the process's own)", () => {
    const saved = process.env.ARENA_MATCH_CONCURRENCY;
    afterEach(() => {
      if (saved === undefined) delete process.env.ARENA_MATCH_CONCURRENCY;
      else process.env.ARENA_MATCH_CONCURRENCY = saved;
    });

    it("is parsed once and again only when a value changes", () => {
      process.env.ARENA_MATCH_CONCURRENCY = "7";
      const first = arenaEnv();
      expect(first.ARENA_MATCH_CONCURRENCY).toBe(7);
      expect(arenaEnv()).toBe(first);
      process.env.ARENA_MATCH_CONCURRENCY = "9";
      expect(arenaEnv().ARENA_MATCH_CONCURRENCY).toBe(9);
    });
  });
});
