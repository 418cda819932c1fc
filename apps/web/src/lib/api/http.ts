import { NextResponse } from "next/server";
import { z } from "zod";
import { AgentRegistrationError } from "@arena/agents";
import { AuditError } from "@arena/audit";
import { VoteError } from "@arena/votes";
import { ExaminerConfigExistsError } from "@arena/match/examiner-configs";
import { TournamentInputError, TournamentStateError } from "@arena/tournament";
import { DuplicateTreeError, NotFoundError, TreeImportError } from "@arena/trees/store";
import { SourceExistsError } from "@arena/trees/sources";
import { WorldConflictError } from "@arena/trees/world";

/**
 * The web app's one HTTP layer: every API route answers errors as `{error: {code, message}}`
 * (documented in the OpenAPI document as `Error`), package errors mapped to statuses in
 * ERROR_TABLE below.
 */
export const apiErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The error codes of the API, one per status it answers with. */
export const ERROR_CODES = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  422: "unprocessable",
  429: "rate_limited",
  500: "internal",
  503: "unavailable",
} as const;
export type ErrorStatus = keyof typeof ERROR_CODES;

/** A failure the handler turns into its status and error body; anything else is a 500 (or a package error of ERROR_TABLE). */
export class HttpError extends Error {
  readonly code: (typeof ERROR_CODES)[ErrorStatus];
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.code = ERROR_CODES[status];
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** The one error body, `{error: {code, message}}`, never cached. */
export function errorResponse(status: ErrorStatus, message: string, headers: Record<string, string> = {}): NextResponse<ApiError> {
  return NextResponse.json(
    { error: { code: ERROR_CODES[status], message } },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Package errors and their HTTP statuses: the one table. A package error not listed here is a 500
 * (logged, its message not shown).
 */
const ERROR_TABLE: readonly [ErrorClass, (err: Error) => ErrorStatus][] = [
  [HttpError, (err) => (err as HttpError).status],
  [z.ZodError, () => 400],
  [AuditError, (err) => (err as AuditError).status],
  [VoteError, (err) => (err as VoteError).status],
  [AgentRegistrationError, (err) => REGISTRATION_STATUS[(err as AgentRegistrationError).kind]],
  [TournamentStateError, () => 409],
  [TournamentInputError, () => 422],
  [ExaminerConfigExistsError, () => 409],
  [WorldConflictError, () => 409],
  [TreeImportError, () => 422],
  [DuplicateTreeError, () => 409],
  [NotFoundError, () => 404],
  [SourceExistsError, () => 409],
];

/** HTTP status of each refusal kind of an agent registration or owner command. */
const REGISTRATION_STATUS: Record<AgentRegistrationError["kind"], ErrorStatus> = {
  duplicate: 409,
  refused: 422,
  health: 422,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

/** A zod failure as one line: the first issue's path and message. */
export function issueText(err: z.ZodError): string {
  const issue = err.issues[0];
  return issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid body";
}

/** The response of a thrown error: its status from ERROR_TABLE, else a 500 without internals. */
export function errorOf(err: unknown): NextResponse<ApiError> {
  const entry = err instanceof Error ? ERROR_TABLE.find(([cls]) => err instanceof cls) : undefined;
  if (!entry || !(err instanceof Error)) {
    console.error("api:", err);
    return errorResponse(500, "internal error");
  }
  const message = err instanceof z.ZodError ? issueText(err) : err.message;
  return errorResponse(entry[1](err), message, err instanceof HttpError ? err.headers : {});
}

/** `schema` parsed from `body`; a mismatch throws (a 400 naming the first bad field). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new HttpError(400, issueText(parsed.error));
}

/** Parses a request's query string with `schema` (unknown keys are ignored); a mismatch is a 400 naming the parameter. */
export function queryParams<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new HttpError(400, `${issue.path.join(".") || "query"}: ${issue.message}`);
}

/** Path parameters are ids: bounded strings (the read functions answer null for unknown ones). */
const idSchema = z.string().min(1).max(200);

export function pathId(value: string, name: string): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, `${name}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/** Runs a handler body, mapping a thrown error through ERROR_TABLE (anything unexpected: a 500 without internals). */
export async function handle(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    return errorOf(err);
  }
}

/**
 * A JSON body typed by the route's documented schema. The read functions already validated it
 * against that schema (the API tests check every route's bodies again), so it is not re-parsed here.
 */
export function jsonOf<S extends z.ZodType>(_schema: S, data: z.output<S>): NextResponse {
  return NextResponse.json(data, { headers: { "Cache-Control": "no-store" } });
}
