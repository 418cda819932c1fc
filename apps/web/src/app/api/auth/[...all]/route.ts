import { toNextJsHandler } from "better-auth/next-js";
import { auth } from "@/lib/auth";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** better-auth's endpoints: sign-up, sign-in, sign-out, session, admin plugin. */
export const { GET, POST } = toNextJsHandler((request: Request) => auth().handler(request));
