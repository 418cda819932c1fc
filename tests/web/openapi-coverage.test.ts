import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONSOLE_API } from "../../apps/web/src/features/console/routes";
import { consolePath, openApiDocument } from "../../apps/web/src/lib/api/openapi";
import { REPO_ROOT } from "../helpers/arena";

/**
 * Every route handler under apps/web/src/app/api is in the OpenAPI document, with each method it
 * exports. Catch-all routes stand for their operations: the console's are CONSOLE_API's. The one
 * exception is better-auth's catch-all (/api/auth/…): its endpoints are the library's protocol.
 */
const API_DIR = join(REPO_ROOT, "apps/web/src/app/api");
const NOT_DOCUMENTED = new Set(["/api/auth/{...all}"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

interface RouteFile {
  /** The path template, `{id}` for `[id]`. */
  path: string;
  /** HTTP methods the file exports. */
  methods: string[];
}

function routeFiles(dir: string): RouteFile[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith("route.ts"))
    .map((f) => {
      const text = readFileSync(join(dir, f), "utf8");
      const methods = METHODS.filter((m) => new RegExp(`export (async function|function|const) ${m}\\b|as ${m}\\b`).test(text));
      const path = `/api/${f.replace(/\/?route\.ts$/, "")}`.replace(/\/$/, "").replace(/\[([.\w]+)\]/g, "{$1}");
      return { path, methods: methods.map((m) => m.toLowerCase()) };
    });
}

/** "METHOD path" of every operation the route files serve and the document lacks (and the reverse). */
function coverage(files: RouteFile[], paths: Record<string, Record<string, unknown>>): { undocumented: string[]; unserved: string[] } {
  const served = new Set<string>();
  for (const f of files) {
    if (NOT_DOCUMENTED.has(f.path)) continue;
    if (f.path === "/api/console/{...path}") {
      for (const key of CONSOLE_API) {
        const { method, path } = consolePath(key);
        if (f.methods.includes(method)) served.add(`${method} ${path}`);
      }
      continue;
    }
    for (const m of f.methods) served.add(`${m} ${f.path}`);
  }
  const documented = new Set(Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)));
  return {
    undocumented: [...served].filter((op) => !documented.has(op)).sort(),
    unserved: [...documented].filter((op) => !served.has(op)).sort(),
  };
}

describe("the OpenAPI document", () => {
  const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
  const files = routeFiles(API_DIR);

  it("covers every route file under app/api with each method it exports, and documents nothing unserved", () => {
    expect(files.length).toBeGreaterThan(30);
    expect(coverage(files, doc.paths)).toEqual({ undocumented: [], unserved: [] });
  });

  it("names a route file missing from it (the check can fail)", () => {
    const extra = [...files, { path: "/api/new-thing/{id}", methods: ["get", "delete"] }];
    expect(coverage(extra, doc.paths).undocumented).toEqual(["delete /api/new-thing/{id}", "get /api/new-thing/{id}"]);
    const { "/api/scopes": _gone, ...fewer } = doc.paths;
    expect(coverage(files, fewer).undocumented).toEqual(["get /api/scopes"]);
  });

  it("lists every console operation with its request body and the one error shape", () => {
    const settings = doc.paths["/api/console/settings"] as Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>;
    expect(settings.post!.requestBody).toBeDefined();
    expect(settings.post!.responses["400"]).toEqual({
      description: "the body is malformed",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
  });
});
