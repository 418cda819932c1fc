import { NextResponse, type NextRequest } from "next/server";
import type { Role } from "@arena/db/accounts";
import { currentUser, ownUrl } from "@/lib/auth-session";
import { notAllowedPath, rolesInWords } from "@/lib/not-allowed";

/**
 * Role gate in front of the protected pages. The pages check again (requireRole), but the root
 * loading boundary streams a page before it finishes, so a redirect thrown there arrives as a
 * 200 with a client-side redirect; here the answer is a real 307 (sign in) or 403 (wrong role, with the not-allowed page).
 */
// First match wins: a longer prefix goes before the shorter one it extends.
const GATES: Array<{ prefix: string; roles: readonly Role[] }> = [
  { prefix: "/console", roles: ["admin"] },
  { prefix: "/me/sessions", roles: ["owner", "auditor", "admin"] },
  { prefix: "/me", roles: ["owner", "admin"] },
  { prefix: "/agents/new", roles: ["owner", "admin"] },
];

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const path = request.nextUrl.pathname;
  const gate = GATES.find((g) => path === g.prefix || path.startsWith(`${g.prefix}/`));
  if (!gate) return NextResponse.next();
  const user = await currentUser(request.headers);
  if (!user) {
    // On the host the browser asked (request.url may name another: sign-in would then land elsewhere).
    return NextResponse.redirect(ownUrl(request, `/signin?next=${encodeURIComponent(path)}`));
  }
  if (!gate.roles.includes(user.role)) return notAllowed(request, gate.roles, path);
  return NextResponse.next();
}

/**
 * The one not-allowed page, under the asked URL and with a real 403: a rewrite cannot carry a
 * status, so the page is rendered by this server (request.url names the server itself) and sent
 * on with 403. Should that fail, a plain sentence says the same.
 */
async function notAllowed(request: NextRequest, roles: readonly Role[], path: string): Promise<NextResponse> {
  const page = await fetch(new URL(notAllowedPath(roles, path), request.url), { headers: { cookie: request.headers.get("cookie") ?? "" } }).catch(() => null);
  if (!page?.ok) return new NextResponse(`This page is for ${rolesInWords(roles)}; your account's role cannot open it.`, { status: 403 });
  return new NextResponse(page.body, { status: 403, headers: { "content-type": page.headers.get("content-type") ?? "text/html; charset=utf-8" } });
}

export const config = { matcher: ["/console", "/console/:path*", "/me", "/me/:path*", "/agents/new"] };
