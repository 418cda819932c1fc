/**
 * An arena-HTTP agent whose every answer is hostile: script tags, event-handler attributes,
 * javascript: links, an iframe and raw HTML, around a cited answer. The web app must show all of
 * it as text. Each payload would set `window.__pwned` or open a dialog if it ran.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody, sendJson } from "../servers/http-body";

export const HOSTILE_MARKER = "HOSTILE-ANSWER";

export const HOSTILE_ANSWER = [
  `${HOSTILE_MARKER}: the answer is below [1].`,
  "",
  `<script>window.__pwned = "script"; alert("script")</script>`,
  "",
  `<img src="x" onerror="window.__pwned = 'onerror'; alert('onerror')">`,
  "",
  `Inline <b onmouseover="alert('hover')">raw bold</b> and <a href="javascript:alert('a')">raw link</a>.`,
  "",
  `[click me](javascript:window.__pwned='link';alert('link')) and [also](JAVASCRIPT:alert(1)) and <javascript:alert('autolink')>`,
  "",
  `<iframe src="javascript:alert('iframe')" srcdoc="<script>parent.alert('srcdoc')</script>"></iframe>`,
  "",
  `<svg onload="alert('svg')"><circle r="5"/></svg>`,
  "",
  "## References",
  "[1] https://example.org/source",
].join("\n");

export interface HostileAgentServer {
  url: string;
  hostPort: string;
  close(): Promise<void>;
}

export async function startHostileAgentServer(): Promise<HostileAgentServer> {
  const server = createServer((req, res) => {
    void readBody(req).then(() => {
      if ((req.url ?? "").endsWith("/health")) return sendJson(res, 200, { status: "ok" });
      sendJson(res, 200, { answer: HOSTILE_ANSWER, usage: { total_tokens: 99 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/answer`,
    hostPort: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
