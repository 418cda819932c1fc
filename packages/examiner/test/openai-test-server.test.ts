import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reply, startOpenAITestServer, type OpenAITestServer } from "../../../tests/servers/openai-test-server";

let srv: OpenAITestServer;
let client: OpenAI;
beforeAll(async () => {
  srv = await startOpenAITestServer({ models: ["m1", "m2"] });
  client = new OpenAI({ baseURL: srv.baseUrl, apiKey: "k", maxRetries: 0 });
});
afterAll(() => srv.close());

describe("openai-test-server", () => {
  it("lists models and records requests", async () => {
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(srv.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/models" });
  });

  it("answers from the queue, then from a handler, then fails loudly", async () => {
    srv.enqueue(reply.content("first"));
    srv.setHandler((req) => reply.content(`echo ${(req.body as { model: string }).model}`));
    const ask = () => client.chat.completions.create({ model: "m2", messages: [{ role: "user", content: "12345678" }] });
    const a = await ask();
    expect(a.choices[0]!.message.content).toBe("first");
    expect(a.usage).toEqual({ prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 });
    expect((await ask()).choices[0]!.message.content).toBe("echo m2");
    srv.setHandler(null);
    await expect(ask()).rejects.toMatchObject({ status: 500 });
  });

  it("delays, truncates and sends statuses with Retry-After", async () => {
    srv.enqueue(reply.delay(20, reply.truncated({ a: "bcdefgh" }, 6)));
    const t = await client.chat.completions.create({ model: "m1", messages: [] });
    expect(t.choices[0]).toMatchObject({ finish_reason: "length", message: { content: '{"a":"' } });
    srv.enqueue(reply.status(429, { retryAfter: 7 }));
    const err = await client.chat.completions.create({ model: "m1", messages: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(429);
    expect((err as InstanceType<typeof OpenAI.APIError>).headers?.get("retry-after")).toBe("7");
  });
});
