import { NextResponse } from "next/server";
import { z } from "zod";

/** The JSON API's one error shape (documented in the OpenAPI document as `Error`). */
export const apiErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A failure the handler turns into its status and error body; anything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly code: "bad_request" | "not_found",
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, "not_found", `${what} not found`);

export function errorResponse(status: number, code: string, message: string): NextResponse<ApiError> {
  return NextResponse.json({ error: { code, message } }, { status, headers: { "Cache-Control": "no-store" } });
}

/** Parses a request's query string with `schema` (unknown keys are ignored); a mismatch is a 400 naming the parameter. */
export function queryParams<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new HttpError(400, "bad_request", `${issue.path.join(".") || "query"}: ${issue.message}`);
}

/** Path parameters are ids: bounded strings (the read functions answer null for unknown ones). */
const idSchema = z.string().min(1).max(200);

export function pathId(value: string, name: string): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, "bad_request", `${name}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/** Runs a handler body, mapping HttpError to its status and anything unexpected to a 500 without internals. */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err.status, err.code, err.message);
    console.error("api:", err);
    return errorResponse(500, "internal", "internal error");
  }
}

/**
 * A JSON body typed by the route's documented schema. The read functions already validated it
 * against that schema (the API tests check every route's bodies again), so it is not re-parsed here.
 */
export function jsonOf<S extends z.ZodType>(_schema: S, data: z.output<S>): NextResponse {
  return NextResponse.json(data, { headers: { "Cache-Control": "no-store" } });
}
