import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { isRole, userForApiToken, type Role } from "@arena/db/accounts";
import { auth, origins } from "./auth";
import { db } from "./db";
import { errorResponse } from "./api/http";
import { notAllowedPath } from "./not-allowed";

/** Who is asking: the signed-in user with a known role. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

function toSessionUser(u: { id: string; email: string; name: string; role?: string | null; banned?: boolean | null }): SessionUser | null {
  if (u.banned || !isRole(u.role)) return null;
  return { id: u.id, email: u.email, name: u.name, role: u.role };
}

/** The user of the current request's session cookie, or null. */
export async function currentUser(h?: Headers): Promise<SessionUser | null> {
  const session = await auth().api.getSession({ headers: h ?? (await headers()) });
  return session ? toSessionUser(session.user) : null;
}

/**
 * For pages and server actions: the signed-in user when their role is one of `roles`; anyone
 * else is sent on: anonymous to the sign-in page (to come back afterwards), a wrong role to the
 * one not-allowed page.
 */
export async function requireRole(roles: readonly Role[], next = "/"): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(`/signin?next=${encodeURIComponent(next)}`);
  if (!roles.includes(user.role)) redirect(notAllowedPath(roles, next));
  return user;
}

/**
 * The origin a request was addressed to, from its Host header: trusted only when the server has
 * no listen address or public URL to go by (`next dev`); otherwise the origin policy decides.
 */
function selfOrigin(req: Request): string {
  return `${new URL(req.url).protocol}//${req.headers.get("host") ?? new URL(req.url).host}`;
}

/**
 * CSRF guard of our own state-changing routes: a browser always sends Origin on a cross-site
 * POST, so a present Origin must be one the sign-in trusts too (lib/auth-origins: the public URL,
 * or the address the server listens on, plus ARENA_TRUSTED_ORIGINS). Requests without Origin
 * come from scripts (curl with a token), which carry no ambient cookie authority worth forging.
 */
export function crossSiteRefusal(req: Request): Response | null {
  const origin = req.headers.get("origin");
  if (origin === null) return null;
  const { baseURL, trusted } = origins();
  if (trusted.includes(origin) || (baseURL === undefined && origin === selfOrigin(req))) return null;
  return errorResponse(403, "cross-site request refused");
}

/**
 * An absolute URL of this server for `path`, on the origin the browser asked when that origin is
 * trusted (so a redirect keeps it on 127.0.0.1 or localhost, whichever it used), else on the
 * printed address. `req.url` alone may name another host than the one the browser used.
 */
export function ownUrl(req: Request, path: string): URL {
  const asked = selfOrigin(req);
  const { baseURL, trusted } = origins();
  const origin = baseURL === undefined || trusted.includes(asked) ? asked : (trusted[0] ?? new URL(req.url).origin);
  return new URL(path, origin);
}

/**
 * For public reads that show more to some viewers (an owner's own error details): whoever a
 * session cookie or a personal API token names, or null (anonymous, unknown token, banned).
 */
export async function optionalUser(req: Request): Promise<SessionUser | null> {
  const bearer = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!bearer) return currentUser(req.headers);
  const row = await userForApiToken(db(), bearer);
  return row ? toSessionUser(row) : null;
}

export type ApiAuth = { user: SessionUser; via: "session" | "token" } | { response: Response };

/**
 * For route handlers: refuses cross-site requests, then authenticates by session cookie or a
 * personal API token (`Authorization: Bearer arena_pat_…`, when `allowToken`): 401 without
 * either, 403 with the wrong role.
 */
export async function requireRoleApi(req: Request, roles: readonly Role[], opts: { allowToken?: boolean } = {}): Promise<ApiAuth> {
  const refused = crossSiteRefusal(req);
  if (refused) return { response: refused };
  let user: SessionUser | null = null;
  let via: "session" | "token" = "session";
  const bearer = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (bearer && opts.allowToken) {
    const row = await userForApiToken(db(), bearer);
    user = row ? toSessionUser(row) : null;
    via = "token";
  } else {
    user = await currentUser(req.headers);
  }
  if (!user) return { response: errorResponse(401, "sign in or send a personal API token") };
  if (!roles.includes(user.role)) return { response: errorResponse(403, `this needs the role ${roles.join(" or ")}`) };
  return { user, via };
}
