import { describe, expect, it } from "vitest";
import { AGENT_PROTOCOLS } from "@arena/core";
import { createAgentClient, ENDPOINT_PROTOCOLS, healthCheck, STORED_PROTOCOL, submittedProtocolSchema } from "../src/index";
import type { SandboxApi } from "../src/builtin/research";

const sandbox: SandboxApi = { search: async () => [], pageText: async () => null };

describe("agent protocols", () => {
  it("registration spellings map onto the stored endpoint protocols", () => {
    expect(submittedProtocolSchema.parse("arena-http")).toBe("arena-http");
    expect(STORED_PROTOCOL[submittedProtocolSchema.parse("arena-http")]).toBe("arena_http");
    expect(Object.values(STORED_PROTOCOL).sort()).toEqual([...ENDPOINT_PROTOCOLS].sort());
    expect(submittedProtocolSchema.safeParse("arena_http").error?.issues[0]?.message).toBe(
      "protocol must be one of openai, arena-http, openai-responses, anthropic, gemini",
    );
    expect(STORED_PROTOCOL["openai-responses"]).toBe("openai_responses");
  });

  it("every protocol of core's closed set has an adapter that builds a client and checks health", async () => {
    const config: Record<string, unknown> = { builtin: { strategy: "extractive" }, simulated: { p_depth: 1, p_width: 1 } };
    for (const protocol of AGENT_PROTOCOLS) {
      const agent = {
        name: `a-${protocol}`,
        protocol,
        endpoint: "https://agent.example/v1",
        model: "m",
        secretEnc: null,
        config: config[protocol] ?? {},
      };
      expect(createAgentClient(agent, { sandbox }).name).toBe(`a-${protocol}`);
    }
    expect(
      await healthCheck({
        name: "s",
        protocol: "simulated",
        endpoint: null,
        model: null,
        secretEnc: null,
        config: { p_depth: 2, p_width: 0 },
      }),
    ).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/invalid config at p_depth/),
    });
  });
});
