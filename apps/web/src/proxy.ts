import { NextResponse, type NextRequest } from "next/server";
import type { Role } from "@arena/db/accounts";
import { notAllowedPath } from "@/lib/not-allowed";

/**
 * Role gate in front of the protected pages. The pages check again (requireRole), but the root
 * loading boundary streams a page before it finishes, so a redirect thrown there arrives as a
 * 200 with a client-side redirect; here the answer is a real 307: to sign in, or for a wrong role to
 * the one not-allowed page, as requireRole sends every other protected page (/audit too).
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
  // Loaded on the first gated request, not with the proxy: Next loads the proxy on a server's
  // first request of any path, and loading the session code (better-auth, the database client)
  // with it cost about 0.7 s of CPU there (measured: boot and a first `/`, 2.85 s → 2.12 s), on
  // servers whose visitors may never open a gated page.
  const { currentUser, ownUrl } = await import("@/lib/auth-session");
  const user = await currentUser(request.headers);
  if (!user) {
    // On the host the browser asked (request.url may name another: sign-in would then land elsewhere).
    return NextResponse.redirect(ownUrl(request, `/signin?next=${encodeURIComponent(path)}`));
  }
  if (!gate.roles.includes(user.role)) return NextResponse.redirect(ownUrl(request, notAllowedPath(gate.roles, path)));
  return NextResponse.next();
}

export const config = { matcher: ["/console", "/console/:path*", "/me", "/me/:path*", "/agents/new"] };
