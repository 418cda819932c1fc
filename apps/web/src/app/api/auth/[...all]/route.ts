import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/auth";
import { limitedSignIn } from "@/lib/sign-in-limit";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const handler = (request: Request) => auth().handler(request);

/** better-auth's endpoints: sign-up, sign-in, sign-out, session, admin plugin; sign-in under the failed sign-in limits. */
export const { GET, POST } = toNextJsHandler((request: Request) =>
  request.method === "POST" && new URL(request.url).pathname.endsWith("/sign-in/email")
    ? limitedSignIn(request, handler)
    : handler(request),
);
