import { z } from "zod";
import { CONSOLE_SPECS, type ConsoleRouteSpec } from "../../features/console/schemas";
import { apiErrorSchema } from "./http";
import { API_ROUTES, type ApiRoute } from "./routes";

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (the dialect of OpenAPI 3.1) without the `$schema` key, which the document sets once. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function parameters(route: ApiRoute): JsonSchema[] {
  const path = (route.pathParams ?? []).map((p) => ({
    name: p.name,
    in: "path",
    required: true,
    description: p.description,
    schema: { type: "string", minLength: 1, maxLength: 200 },
  }));
  const query = Object.entries(route.query?.shape ?? {}).map(([name, field]) => {
    const schema = field as z.ZodType;
    return {
      name,
      in: "query",
      required: !schema.safeParse(undefined).success,
      ...(schema.description ? { description: schema.description } : {}),
      schema: jsonSchema(schema, "input"),
    };
  });
  return [...path, ...query];
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

function operation(key: string, route: ApiRoute): JsonSchema {
  const { response } = route;
  const canFail = Boolean(route.query || route.pathParams || route.body);
  // CSV is text; the other media types carry one schema-shaped value per line or per event.
  const body = response.mediaType === "text/csv" ? { type: "string" } : { $ref: `#/components/schemas/${response.name}` };
  return {
    operationId: key,
    summary: route.summary,
    parameters: parameters(route),
    ...(route.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.body, "input") } } } }
      : {}),
    ...(route.auth ? { security: [{ session: [] }, { token: [] }] } : {}),
    responses: {
      [String(route.status ?? 200)]: { description: response.description, content: { [response.mediaType]: { schema: body } } },
      ...(canFail ? { "400": errorResponse("a parameter or the body is malformed") } : {}),
      ...(route.auth ? { "401": errorResponse("not signed in") } : {}),
      ...(route.notFound ? { "404": errorResponse("unknown id or scope") } : {}),
    },
  };
}

/** Operations grouped by path, one per method. */
function paths(routes: [string, ApiRoute][]): Record<string, Record<string, JsonSchema>> {
  const out: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, r] of routes) {
    out[r.path] ??= {};
    out[r.path]![r.method ?? "get"] = operation(key, r);
  }
  return out;
}

/** The console's path template of a CONSOLE_API key ("POST agents/:id/approve" → /api/console/agents/{id}/approve). */
export function consolePath(key: string): { method: string; path: string } {
  const [method, path] = key.split(" ") as [string, string];
  return { method: method.toLowerCase(), path: `/api/console/${path.replace(/:(\w+)/g, "{$1}")}` };
}

/** One console operation: admin only (session), its body and response schemas from the owning packages. */
function consoleOperation(key: string, spec: ConsoleRouteSpec, path: string): JsonSchema {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string", minLength: 1, maxLength: 200 },
  }));
  return {
    operationId: `console ${key}`.replace(/\W+/g, "_"),
    summary: spec.summary,
    tags: ["console"],
    parameters: params,
    ...(spec.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(spec.body, "input") } } } } : {}),
    security: [{ session: [] }],
    responses: {
      [String(spec.status ?? 200)]: {
        description: spec.summary,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${spec.response.name}` } } },
      },
      ...(spec.body ? { "400": errorResponse("the body is malformed") } : {}),
      "401": errorResponse("not signed in"),
      "403": errorResponse("not an admin, or a cross-site request"),
      ...(params.length > 0 ? { "404": errorResponse("unknown id") } : {}),
      ...(key.startsWith("POST")
        ? { "409": errorResponse("not possible in the current state"), "422": errorResponse("refused input") }
        : {}),
    },
  };
}

/** The OpenAPI 3.1 document of every route: the route table's and the console's, schemas generated from the read layer's zod schemas. */
export function openApiDocument(): JsonSchema {
  const routes = Object.entries(API_ROUTES) as [string, ApiRoute][];
  const schemas: Record<string, JsonSchema> = { Error: jsonSchema(apiErrorSchema, "output") };
  for (const [, r] of routes) if (r.response.mediaType !== "text/csv") schemas[r.response.name] = jsonSchema(r.response.schema, "output");
  const documented = paths(routes);
  for (const [key, spec] of Object.entries(CONSOLE_SPECS)) {
    const { method, path } = consolePath(key);
    documented[path] ??= {};
    documented[path]![method] = consoleOperation(key, spec, path);
    schemas[spec.response.name] = jsonSchema(spec.response.schema, "output");
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "DR Arena API",
      version: "1",
      description:
        'JSON API of DR Arena: leaderboards from stored rating snapshots, battles, agents, matches, tournaments, trees and live events; agent submission, audit and the operator console (signed in). Errors are {"error":{"code","message"}}.',
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths: documented,
    components: {
      schemas,
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token", description: "the session of a signed-in user" },
        token: { type: "http", scheme: "bearer", description: "a personal API token" },
      },
    },
  };
}
