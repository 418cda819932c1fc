import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A provider endpoint that answers every generation call with a body given as raw text (real
 * HTTP on 127.0.0.1, an ephemeral port): whatever a hostile provider or a hostile agent's own
 * server could send, already serialised, so serialising it costs the test nothing while the
 * adapter under test reads it. Model lookups answer a model object; every request's headers are
 * recorded. Serves the OpenAI (chat completions, Responses), Anthropic and Gemini paths alike.
 *
 * ```ts
 * const srv = await startRawProvider();
 * srv.answerWith(JSON.stringify({ choices: [...] }));
 * srv.baseUrl      // "http://127.0.0.1:PORT" (OpenAI clients add /v1 themselves: `${srv.baseUrl}/v1`)
 * srv.headers      // the headers of every request, in order
 * ```
 */
export interface RawProvider {
  baseUrl: string;
  host: string;
  /** The body every generation call answers 200 with from now on. */
  answerWith(body: string): void;
  headers: Record<string, string | string[] | undefined>[];
  paths: string[];
  close(): Promise<void>;
}

export async function startRawProvider(): Promise<RawProvider> {
  let body = "{}";
  const headers: RawProvider["headers"] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    headers.push(req.headers);
    paths.push(req.url ?? "/");
    req.resume().on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      // Model lookups (health checks) of every protocol.
      const model = /\/models\/([^/:]+)$/.exec(path);
      const answer =
        req.method === "GET" && model ? JSON.stringify({ id: model[1], name: `models/${model[1]}`, object: "model", type: "model" }) : body;
      res.writeHead(200, { "content-type": "application/json" }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    answerWith: (b) => {
      body = b;
    },
    headers,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
