/**
 * Anthropic Messages API test server over real HTTP: `POST /v1/messages` answers from the script
 * (bodies from provider-fixtures' `anthropicMessage`, or `providerReply.status(429, …)` with
 * Anthropic's error body), `GET /v1/models/{id}` answers the listed models (404 otherwise).
 * Pass `srv.baseUrl` as the SDK's baseURL.
 */
import { sendJson } from "./http-body";
import { errorBodies } from "./provider-fixtures";
import { startProviderTestServer, type ProviderTestServer } from "./provider-test-server";

export { providerReply } from "./provider-test-server";

export function startAnthropicTestServer(opts: { models?: string[] } = {}): Promise<ProviderTestServer> {
  const models = opts.models ?? ["claude-haiku-4-5"];
  return startProviderTestServer({
    errorBody: errorBodies.anthropic,
    scripted: (req) => req.method === "POST" && req.path === "/v1/messages",
    direct(req, res) {
      const m = /^\/v1\/models\/([^/]+)$/.exec(req.path);
      if (req.method !== "GET" || !m) return false;
      const id = decodeURIComponent(m[1]!);
      if (!models.includes(id)) sendJson(res, 404, errorBodies.anthropic(404, `model: ${id}`));
      else sendJson(res, 200, { type: "model", id, display_name: id, created_at: "2025-09-29T00:00:00Z" });
      return true;
    },
  });
}
