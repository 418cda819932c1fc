import { clearAccountFailures, recordSignInFailure, signInRefusal, type SignInAttempt } from "@arena/db/accounts";
import { arenaEnv } from "@arena/env";
import { errorResponse } from "./api/http";
import { CLIENT_IP_HEADER } from "./auth";
import { db } from "./db";

/** What a refused sign-in says: whose failures refused it, so nobody thinks the whole site is down. */
const REFUSALS = {
  account: "Too many failed sign-ins for this account: wait a minute and try again.",
  address: "Too many failed sign-ins from your network: wait a minute and try again.",
} as const;

/** The e-mail a sign-in posts, if its body is one (anything else is better-auth's to refuse). */
async function attemptOf(request: Request): Promise<SignInAttempt | null> {
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown } | null;
  if (typeof body?.email !== "string" || body.email.length > 320) return null;
  return { email: body.email, address: request.headers.get(CLIENT_IP_HEADER) };
}

/**
 * Wraps better-auth's handler for `POST /sign-in/email` with the failed sign-in limits of
 * @arena/db/accounts (per account and per address, apart): a refused attempt is answered 429
 * before the password is checked; a 401 counts against both; a success clears the account's count.
 */
export async function limitedSignIn(request: Request, handler: (r: Request) => Promise<Response>): Promise<Response> {
  const attempt = arenaEnv().ARENA_AUTH_RATE_LIMIT ? await attemptOf(request) : null;
  if (!attempt) return handler(request);
  const refusal = await signInRefusal(db(), attempt);
  if (refusal) return errorResponse(429, REFUSALS[refusal], { "Retry-After": "60" });
  const response = await handler(request);
  if (response.status === 401) await recordSignInFailure(db(), attempt);
  else if (response.ok) await clearAccountFailures(db(), attempt.email);
  return response;
}
