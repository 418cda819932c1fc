/**
 * Gemini API test server over real HTTP: `POST /v1beta/models/{model}:generateContent` answers
 * from the script (bodies from provider-fixtures' `geminiResponse`, or errors in Google's
 * `{error: {code, message, status}}` format), `GET /v1beta/models/{model}` answers the listed
 * models (404 otherwise), and `GET /grounding-api-redirect/{n}` answers 302 to the page set with
 * `redirects` (as Google's grounding redirect links do). Pass `srv.baseUrl` as `httpOptions.baseUrl`.
 */
import { sendJson } from "./http-body";
import { errorBodies } from "./provider-fixtures";
import { startProviderTestServer, type ProviderTestServer } from "./provider-test-server";

export { providerReply } from "./provider-test-server";

export interface GeminiTestServer extends ProviderTestServer {
  /** A redirect link on this server to `target`, as a grounding chunk's `web.uri`. */
  redirectTo(target: string): string;
}

export async function startGeminiTestServer(opts: { models?: string[] } = {}): Promise<GeminiTestServer> {
  const models = opts.models ?? ["gemini-2.5-pro"];
  const targets: string[] = [];
  const srv = await startProviderTestServer({
    errorBody: errorBodies.gemini,
    scripted: (req) => req.method === "POST" && /^\/v1beta\/models\/[^/]+:generateContent$/.test(req.path),
    direct(req, res) {
      const redirect = /^\/grounding-api-redirect\/(\d+)$/.exec(req.path);
      if (req.method === "GET" && redirect) {
        const target = targets[Number(redirect[1])];
        if (!target) sendJson(res, 404, errorBodies.gemini(404, "no such link"));
        else {
          res.writeHead(302, { location: target, "content-type": "text/html" });
          res.end(`<a href="${target}">moved</a>`);
        }
        return true;
      }
      const m = /^\/v1beta\/models\/([^/:]+)$/.exec(req.path);
      if (req.method !== "GET" || !m) return false;
      const id = decodeURIComponent(m[1]!);
      if (!models.includes(id)) sendJson(res, 404, errorBodies.gemini(404, `models/${id} is not found for API version v1beta`));
      else sendJson(res, 200, { name: `models/${id}`, displayName: id, supportedGenerationMethods: ["generateContent"] });
      return true;
    },
  });
  return {
    ...srv,
    redirectTo: (target) => {
      targets.push(target);
      return `${srv.baseUrl}/grounding-api-redirect/${targets.length - 1}`;
    },
  };
}
