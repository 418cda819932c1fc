import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentRequest } from "@arena/core";
import { createAgentClient } from "../src/client";
import type { AgentRecord } from "../src/types";

/**
 * A hostile agent (docs/security.md): the operator allow-lists a local model server (the examiner's, say); an agent that
 * answers with a redirect there must not get the arena to POST to it.
 */
const req: AgentRequest = { question: "Q?", wordLimitInstruction: "Answer length: 100-200 words.", history: [] };

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("an agent reaches only its own origin", () => {
  const modelHits: string[] = [];
  const model = createServer((r, res) => {
    modelHits.push(`${r.method} ${r.url}`);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ answer: "from the model server" }));
  });
  let modelHost = "";
  const agentServer = createServer((r, res) => {
    if (r.url === "/answer/own")
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ answer: "own answer" }));
    // Both protocols' calls are redirected to the model server, method and body kept (307).
    res.writeHead(307, { location: `http://${modelHost}/v1/chat/completions` }).end();
  });
  let agentHost = "";

  beforeAll(async () => {
    modelHost = await listen(model);
    agentHost = await listen(agentServer);
  });
  afterAll(() => Promise.all([model, agentServer].map((s) => new Promise((resolve) => s.close(resolve)))));

  const record = (protocol: AgentRecord["protocol"], endpoint: string): AgentRecord => ({
    name: `hostile-${protocol}`,
    protocol,
    endpoint,
    model: "m",
    secretEnc: null,
    config: { timeoutMs: 5_000 },
  });
  // The operator's list (AllowedHost rows) names both servers.
  const deps = () => ({ allow: [agentHost, modelHost] });

  it("arena HTTP: a redirect to another allow-listed host is refused, and the model server sees nothing", async () => {
    const a = await createAgentClient(record("arena_http", `http://${agentHost}/answer`), deps()).answer(req, { seed: "s" });
    expect(a.error).toMatchObject({ class: "refused" });
    expect(a.error!.detail).toContain(modelHost);
    expect(modelHits).toEqual([]);
  });

  it("OpenAI-compatible: the same redirect is refused", async () => {
    const a = await createAgentClient(record("openai", `http://${agentHost}/v1`), deps()).answer(req, { seed: "s" });
    expect(a.error).toMatchObject({ class: "refused" });
    expect(modelHits).toEqual([]);
  });

  it("the agent's own allow-listed origin still answers", async () => {
    const a = await createAgentClient(record("arena_http", `http://${agentHost}/answer/own`), deps()).answer(req, { seed: "s" });
    expect(a).toMatchObject({ error: null, text: "own answer" });
  });
});
