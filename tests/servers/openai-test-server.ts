/**
 * OpenAI-compatible test server: real HTTP (node:http) on 127.0.0.1, ephemeral port, answering
 * from a per-test script. Shared by the examiner and agents test suites.
 *
 * API
 * ```ts
 * const srv = await startOpenAITestServer({ models: ["test-model"] });
 * srv.baseUrl            // "http://127.0.0.1:PORT/v1" — pass as the OpenAI SDK baseURL
 * srv.enqueue(reply.json({ verdict: "[[Tie]]" }), reply.status(429, { retryAfter: 0 }));
 * srv.setHandler((req) => reply.content("hi"));   // dynamic replies once the queue is empty
 * srv.requests           // every request received, in order: { method, path, headers, body }
 * srv.chatRequests()     // only the POST /v1/chat/completions bodies
 * srv.pending()          // scripted responses not consumed yet (assert 0 at the end of a test)
 * await srv.close();
 * ```
 * Routes: `POST /v1/chat/completions`, `GET /v1/models` (with `noModelsEndpoint`, like Perplexity's
 * API: 404 there, and a chat request without messages refused with 400), `GET /v1/models/{id}` (404 with OpenAI's
 * error body for a model not listed), and the Responses API: `POST /v1/responses`,
 * `GET /v1/responses/{id}`, `POST /v1/responses/{id}/cancel`. Anything else → 404.
 *
 * Responses API runs (`srv.enqueueRun(run)`, or `srv.setRunHandler((body) => run)`): a created
 * background response answers `queued`; each `GET` answers `queued` (first) / `in_progress` until
 * the run is done (after `polls` looks, or `runMs` after creation), then the final response
 * (`completed` with `output` and usage, or `failed` / `incomplete`). `pollErrors` makes the first
 * looks fail with those HTTP statuses (a 429 with `retry-after: 0`). `cancel` marks the run
 * cancelled. Without `background: true` the create call answers the final response at once.
 * `srv.runs` lists every run with its looks and whether it was cancelled. A scripted
 * `reply.status(...)` in the run queue fails the create call instead.
 *
 * Scripted responses (`reply.*` builders):
 * - `content(text, opts?)` — a normal completion whose message content is `text` (finish_reason
 *   "stop" unless `opts.finishReason`; `opts.usage` overrides token counts).
 * - `json(value)` — content = JSON.stringify(value).
 * - `fenced(value)` — content = the JSON inside a ```json code fence with chatter around it.
 * - `malformed(text)` — alias of content, for readability: a body that is not valid JSON.
 * - `truncated(value, keepChars?)` — JSON cut in the middle, finish_reason "length".
 * - `status(code, { retryAfter?, body? })` — an HTTP error (429 with Retry-After seconds, 500,
 *   400 with an OpenAI-style error body...).
 * - `delay(ms, inner)` — waits, then sends `inner`.
 *
 * When the queue is empty and no handler is set the server answers 500 with
 * `{"error":{"message":"openai-test-server: no scripted response"}}`, so an unexpected extra
 * call fails loudly instead of hanging.
 *
 * No streaming and no function tool calls: the arena's clients use neither.
 *
 * Usage: unless scripted, `prompt_tokens` = ceil(chars of all message contents / 4) and
 * `completion_tokens` = ceil(chars of the reply / 4) — deterministic, so tests can assert it.
 */
import { createServer, type ServerResponse } from "node:http";
import { readBody, sendJson } from "./http-body";
import { errorBodies, responseObject } from "./provider-fixtures";
import type { AddressInfo } from "node:net";

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export type ScriptedResponse =
  | {
      kind: "content";
      content: string;
      finishReason?: "stop" | "length";
      usage?: Partial<Usage>;
      model?: string;
      /** `message.annotations` (url_citation objects, as search models and routers send them). */
      annotations?: unknown[];
      /** Perplexity's lists beside the message. */
      citations?: string[];
      searchResults?: unknown[];
    }
  | { kind: "status"; status: number; retryAfter?: number; body?: unknown }
  | { kind: "delay"; ms: number; then: ScriptedResponse };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or the raw string when it was not JSON, or null when empty. */
  body: unknown;
}

export type Handler = (req: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

/** A scripted Responses API run (see the module comment). */
export interface ScriptedRun {
  output?: unknown[];
  final?: "completed" | "failed" | "incomplete";
  error?: { code: string; message: string };
  /** Looks answered `queued` / `in_progress` before the final state (default 1). */
  polls?: number;
  /** Or: the run is done this long after creation. */
  runMs?: number;
  /** HTTP statuses of the first looks (e.g. [429]), before the run's own answers. */
  pollErrors?: number[];
  usage?: { input_tokens: number; output_tokens: number; total_tokens: number };
}

export interface RecordedRun {
  id: string;
  body: Record<string, unknown>;
  createdAt: number;
  looks: number;
  cancelled: boolean;
  /** When the run was first seen finished (epoch ms); null while it runs. */
  doneAt: number | null;
  script: ScriptedRun;
}

export interface OpenAITestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  enqueue(...responses: ScriptedResponse[]): void;
  setHandler(handler: Handler | null): void;
  chatRequests(): ChatRequestBody[];
  /** Responses API runs, scripted in order (a `reply.status` fails a create call). */
  enqueueRun(...runs: Array<ScriptedRun | Extract<ScriptedResponse, { kind: "status" }>>): void;
  setRunHandler(handler: ((body: Record<string, unknown>) => ScriptedRun) | null): void;
  runs: RecordedRun[];
  pending(): number;
  close(): Promise<void>;
}

/** The fields tests usually inspect on a recorded chat request. */
export interface ChatRequestBody {
  model?: string;
  messages?: Array<{ role: string; content: unknown }>;
  temperature?: number;
  response_format?: { type: string; json_schema?: unknown };
  [key: string]: unknown;
}

export const reply = {
  content(text: string, opts: Omit<Extract<ScriptedResponse, { kind: "content" }>, "kind" | "content"> = {}): ScriptedResponse {
    return { kind: "content", content: text, ...opts };
  },
  json(value: unknown, opts: { usage?: Partial<Usage> } = {}): ScriptedResponse {
    return { kind: "content", content: JSON.stringify(value), ...opts };
  },
  fenced(value: unknown): ScriptedResponse {
    return {
      kind: "content",
      content: `Here is the result:\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`,
    };
  },
  malformed(text: string): ScriptedResponse {
    return { kind: "content", content: text };
  },
  truncated(value: unknown, keepChars?: number): ScriptedResponse {
    const full = JSON.stringify(value);
    return { kind: "content", content: full.slice(0, keepChars ?? Math.floor(full.length / 2)), finishReason: "length" };
  },
  status(status: number, opts: { retryAfter?: number; body?: unknown } = {}): Extract<ScriptedResponse, { kind: "status" }> {
    return { kind: "status", status, ...opts };
  },
  delay(ms: number, then: ScriptedResponse): ScriptedResponse {
    return { kind: "delay", ms, then };
  },
};

const approxTokens = (chars: number) => Math.ceil(chars / 4);

function promptChars(body: unknown): number {
  const messages = (body as ChatRequestBody | null)?.messages;
  if (!Array.isArray(messages)) return 0;
  return messages.reduce((n, m) => n + (typeof m.content === "string" ? m.content.length : JSON.stringify(m.content ?? "").length), 0);
}

let completionCounter = 0;

async function sendScripted(res: ServerResponse, req: RecordedRequest, r: ScriptedResponse): Promise<void> {
  if (r.kind === "delay") {
    await new Promise((resolve) => setTimeout(resolve, r.ms));
    return sendScripted(res, req, r.then);
  }
  if (r.kind === "status") {
    const headers: Record<string, string> = r.retryAfter !== undefined ? { "retry-after": String(r.retryAfter) } : {};
    const body = r.body ?? { error: { message: `scripted HTTP ${r.status}`, type: "test_error", code: r.status } };
    return sendJson(res, r.status, body, headers);
  }
  const body = req.body as ChatRequestBody | null;
  const promptTokens = r.usage?.prompt_tokens ?? approxTokens(promptChars(body));
  const completionTokens = r.usage?.completion_tokens ?? approxTokens(r.content.length);
  const usage: Usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: r.usage?.total_tokens ?? promptTokens + completionTokens,
  };
  const id = `chatcmpl-test-${++completionCounter}`;
  const model = r.model ?? body?.model ?? "test-model";
  const created = Math.floor(Date.now() / 1000);
  const finishReason = r.finishReason ?? "stop";
  sendJson(res, 200, {
    id,
    object: "chat.completion",
    created,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: r.content, refusal: null, ...(r.annotations ? { annotations: r.annotations } : {}) },
        finish_reason: finishReason,
        logprobs: null,
      },
    ],
    usage,
    ...(r.citations ? { citations: r.citations } : {}),
    ...(r.searchResults ? { search_results: r.searchResults } : {}),
  });
}

let runCounter = 0;

/** The run's response object as it stands now (each call is one look when `look` is set). */
function runState(run: RecordedRun): Record<string, unknown> {
  const s = run.script;
  const done = s.runMs !== undefined ? Date.now() - run.createdAt >= s.runMs : run.looks > (s.polls ?? 1);
  const status = run.cancelled ? "cancelled" : !done ? (run.looks <= 1 ? "queued" : "in_progress") : (s.final ?? "completed");
  const final = status === "completed" || status === "incomplete";
  if (done && run.doneAt === null) run.doneAt = Date.now();
  return responseObject(run.id, status, s.output ?? [], {
    model: run.body.model ?? "test-model",
    background: run.body.background === true,
    tools: run.body.tools ?? [],
    ...(status === "failed" ? { error: s.error ?? { code: "server_error", message: "The run failed." } } : {}),
    ...(status === "incomplete" ? { incomplete_details: { reason: "max_output_tokens" } } : {}),
    ...(final && s.usage
      ? { usage: { ...s.usage, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } } }
      : {}),
  });
}

export async function startOpenAITestServer(opts: { models?: string[]; noModelsEndpoint?: boolean } = {}): Promise<OpenAITestServer> {
  const queue: ScriptedResponse[] = [];
  const requests: RecordedRequest[] = [];
  let handler: Handler | null = null;
  const models = opts.models ?? ["test-model"];
  const runQueue: Array<ScriptedRun | Extract<ScriptedResponse, { kind: "status" }>> = [];
  let runHandler: ((body: Record<string, unknown>) => ScriptedRun) | null = null;
  const runs: RecordedRun[] = [];

  /** The Responses API routes; false when the request is not one of them. */
  const responsesRoute = async (recorded: RecordedRequest, res: ServerResponse): Promise<boolean> => {
    const path = recorded.path;
    if (recorded.method === "GET" && path.startsWith("/v1/models/")) {
      const id = decodeURIComponent(path.slice("/v1/models/".length));
      if (!models.includes(id))
        sendJson(res, 404, errorBodies.openai(404, `The model '${id}' does not exist or you do not have access to it.`));
      else sendJson(res, 200, { id, object: "model", created: 0, owned_by: "test" });
      return true;
    }
    if (recorded.method === "POST" && path === "/v1/responses") {
      const body = (recorded.body ?? {}) as Record<string, unknown>;
      const next = runQueue.shift() ?? runHandler?.(body);
      if (!next) {
        sendJson(res, 500, errorBodies.openai(500, "openai-test-server: no scripted run"));
        return true;
      }
      if ("kind" in next) {
        await sendScripted(res, recorded, next);
        return true;
      }
      const run: RecordedRun = {
        id: `resp_test_${++runCounter}`,
        body,
        createdAt: Date.now(),
        looks: 0,
        cancelled: false,
        doneAt: null,
        script: next,
      };
      runs.push(run);
      if (body.background !== true) {
        if (next.runMs) await new Promise((r) => setTimeout(r, next.runMs));
        run.looks = Infinity;
      }
      sendJson(res, 200, runState(run));
      return true;
    }
    const m = /^\/v1\/responses\/([^/]+)(\/cancel)?$/.exec(path);
    if (!m) return false;
    const run = runs.find((r) => r.id === m[1]);
    if (!run) {
      sendJson(res, 404, errorBodies.openai(404, `No response found with id '${m[1]}'.`));
      return true;
    }
    if (m[2] && recorded.method === "POST") {
      run.cancelled = true;
      sendJson(res, 200, runState(run));
      return true;
    }
    if (recorded.method !== "GET") return false;
    run.looks++;
    const error = run.script.pollErrors?.[run.looks - 1];
    if (error) {
      run.looks--;
      run.script = { ...run.script, pollErrors: run.script.pollErrors!.slice(1) };
      sendJson(
        res,
        error,
        errorBodies.openai(
          error,
          error === 429 ? "Rate limit reached for requests" : "The server had an error while processing your request.",
        ),
        error === 429 ? { "retry-after": "0" } : {},
      );
      return true;
    }
    sendJson(res, 200, runState(run));
    return true;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: (req.url ?? "/").split("?")[0]!,
        headers: req.headers,
        body: await readBody(req),
      };
      requests.push(recorded);
      if (recorded.method === "GET" && recorded.path === "/v1/models") {
        if (opts.noModelsEndpoint) return sendJson(res, 404, errorBodies.openai(404, "Not Found"));
        return sendJson(res, 200, { object: "list", data: models.map((id) => ({ id, object: "model", created: 0, owned_by: "test" })) });
      }
      // As such a provider does: a request without messages is refused before anything is generated.
      const chat = recorded.body as ChatRequestBody | null;
      if (
        opts.noModelsEndpoint &&
        recorded.method === "POST" &&
        recorded.path === "/v1/chat/completions" &&
        Array.isArray(chat?.messages) &&
        chat.messages.length === 0
      ) {
        return sendJson(res, 400, errorBodies.openai(400, "messages: at least one message is required"));
      }
      if (await responsesRoute(recorded, res)) return;
      if (recorded.method !== "POST" || recorded.path !== "/v1/chat/completions") {
        return sendJson(res, 404, { error: { message: `no route ${recorded.method} ${recorded.path}` } });
      }
      const next = queue.shift() ?? (handler ? await handler(recorded) : undefined);
      if (!next) return sendJson(res, 500, { error: { message: "openai-test-server: no scripted response" } });
      await sendScripted(res, recorded, next);
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `openai-test-server: ${String(err)}` } });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...responses) => void queue.push(...responses),
    setHandler: (h) => {
      handler = h;
    },
    chatRequests: () =>
      requests.filter((r) => r.method === "POST" && r.path === "/v1/chat/completions").map((r) => r.body as ChatRequestBody),
    enqueueRun: (...r) => void runQueue.push(...r),
    setRunHandler: (h) => {
      runHandler = h;
    },
    runs,
    pending: () => queue.length + runQueue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
