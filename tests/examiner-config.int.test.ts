import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@arena/db";
import { decryptSecret, loadSecretKey, secretContext } from "@arena/agents";
import { llmExaminerConfigFromEnv } from "@arena/match";
import { freshDb } from "./helpers/arena";

/** Ratings are kept per examiner configuration: a configuration's verdict-shaping settings never change under it. */
describe("llm examiner configuration from the environment", () => {
  let db: PrismaClient;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(async () => {
    await db.$disconnect();
  });
  const env = { ARENA_EXAMINER_BASE_URL: "http://judge.example/v1/", ARENA_EXAMINER_MODEL: "judge-1", ARENA_EXAMINER_API_KEY: "k1" };

  it("reuses one configuration for the same settings; another temperature is another configuration", async () => {
    const first = await llmExaminerConfigFromEnv(db, env);
    expect(first).toMatchObject({
      name: "llm:judge-1@judge.example/v1:v3:g0.7:j0.1",
      generationTemperature: 0.7,
      judgeTemperature: 0.1,
      promptVersion: "v3",
      model: "judge-1",
    });
    expect((await llmExaminerConfigFromEnv(db, env)).id).toBe(first.id);
    const colder = await llmExaminerConfigFromEnv(db, { ...env, ARENA_EXAMINER_JUDGE_TEMPERATURE: "0" });
    expect(colder).toMatchObject({ name: "llm:judge-1@judge.example/v1:v3:g0.7:j0", judgeTemperature: 0 });
    const warmer = await llmExaminerConfigFromEnv(db, { ...env, ARENA_EXAMINER_GENERATION_TEMPERATURE: "1" });
    expect(new Set([first.id, colder.id, warmer.id]).size).toBe(3);
    expect(await db.examinerConfig.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      generationTemperature: 0.7,
      judgeTemperature: 0.1,
    });
  });

  it("a stored v1 configuration keeps its prompt version: new configurations never pool with it", async () => {
    const old = await db.examinerConfig.create({
      data: {
        name: "llm:judge-1@judge.example/v1:t0.2",
        mode: "llm",
        baseUrl: env.ARENA_EXAMINER_BASE_URL,
        model: "judge-1",
        promptVersion: "v1",
        generationTemperature: 0.2,
        judgeTemperature: 0.2,
      },
    });
    const current = await llmExaminerConfigFromEnv(db, env);
    expect(current.id).not.toBe(old.id);
    expect((await db.examinerConfig.findUniqueOrThrow({ where: { id: old.id } })).promptVersion).toBe("v1");
  });

  it("rotates a given key and keeps the stored one when none is given", async () => {
    const rotated = await llmExaminerConfigFromEnv(db, { ...env, ARENA_EXAMINER_API_KEY: "k2" });
    const context = secretContext("examinerConfig", rotated.name, "apiKeyEnc");
    expect(decryptSecret(rotated.apiKeyEnc!, loadSecretKey(), context)).toBe("k2");
    const { ARENA_EXAMINER_API_KEY: _, ...withoutKey } = env;
    const kept = await llmExaminerConfigFromEnv(db, withoutKey);
    expect(kept.id).toBe(rotated.id);
    expect(decryptSecret(kept.apiKeyEnc!, loadSecretKey(), context)).toBe("k2");
  });

  it("refuses a temperature that is not a number from 0 to 2", async () => {
    await expect(llmExaminerConfigFromEnv(db, { ...env, ARENA_EXAMINER_GENERATION_TEMPERATURE: "warm" })).rejects.toThrow(
      /GENERATION_TEMPERATURE must be a number from 0 to 2/,
    );
    await expect(llmExaminerConfigFromEnv(db, { ...env, ARENA_EXAMINER_JUDGE_TEMPERATURE: "3" })).rejects.toThrow(
      /JUDGE_TEMPERATURE must be a number from 0 to 2/,
    );
  });
});
