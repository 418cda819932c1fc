import { createHmac } from "node:crypto";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { admin } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { loadSecretKey } from "@arena/agents";
import { arenaEnv } from "@arena/env";
import { readSettings } from "@arena/db/accounts";
import { listenAddress, originPolicy, type OriginPolicy } from "./auth-origins";
import { db } from "./db";

/**
 * Accounts (better-auth): email + password, sessions in PostgreSQL (revocable: deleting the row
 * ends the session), roles from the admin plugin. Cookies are HttpOnly and SameSite=Lax, and
 * Secure when the public URL is https. better-auth refuses state-changing requests whose Origin
 * is not trusted: the public URL, or without one the address the server listens on (both
 * 127.0.0.1 and localhost for a loopback address), plus ARENA_TRUSTED_ORIGINS (lib/auth-origins).
 */

/** The public URL of the web app (BETTER_AUTH_URL, else ARENA_PUBLIC_URL), if configured. */
export function publicUrl(): string | undefined {
  return arenaEnv().BETTER_AUTH_URL ?? arenaEnv().ARENA_PUBLIC_URL;
}

/** BETTER_AUTH_SECRET, else a key derived from the arena secret key (one secret to manage). */
function authSecret(): string {
  return arenaEnv().BETTER_AUTH_SECRET ?? createHmac("sha256", loadSecretKey()).update("better-auth session secret").digest("base64");
}

let policy: OriginPolicy | undefined;

/** This process's origin policy (read once: the listen address and the environment do not change). */
export function origins(): OriginPolicy {
  policy ??= originPolicy({ publicUrl: publicUrl(), trustedOrigins: arenaEnv().ARENA_TRUSTED_ORIGINS, listen: listenAddress() });
  return policy;
}

/** Set by server/main.mjs to the connection's remote address. */
export const CLIENT_IP_HEADER = "x-arena-client-ip";

/**
 * Sign-up attempts per IP: 5 a minute (better-auth's limiter, stored in PostgreSQL). Sign-in is
 * limited by its failures instead, per account and per address apart (lib/sign-in-limit): counting
 * every attempt per address let one person's wrong passwords lock out everyone behind a proxy.
 */
const SIGN_UP_RULE = { window: 60, max: 5 };

function createAuth() {
  const url = publicUrl();
  const { baseURL, trusted } = origins();
  return betterAuth({
    appName: "DR Arena",
    ...(baseURL ? { baseURL } : {}),
    secret: authSecret(),
    database: prismaAdapter(db(), { provider: "postgresql" }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    trustedOrigins: trusted,
    rateLimit: {
      enabled: arenaEnv().ARENA_AUTH_RATE_LIMIT,
      storage: "database",
      window: 60,
      max: 100,
      // Reading one's own session guesses nothing, and every page's header asks for it: under the
      // default 100 a minute a signed-in person browsing briskly was shown "Sign in".
      // Sign-in explicitly at the common 100 a minute: better-auth's own default for /sign-in/* is 3
      // in 10 seconds per address, which would again let one person's attempts block everyone behind a proxy.
      customRules: { "/sign-in/email": { window: 60, max: 100 }, "/sign-up/email": SIGN_UP_RULE, "/get-session": false },
    },
    advanced: {
      // Explicit: better-auth turns the origin check off by itself when it thinks it runs under a
      // test runner (NODE_ENV=test or VITEST in the environment), which a server must never do.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: url?.startsWith("https://") ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The client's address as server/main.mjs saw the connection (it overwrites this header):
      // better-auth's default, X-Forwarded-For, is whatever a client sends, and without it every
      // client would share one rate-limit bucket.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // Self sign-up makes owners only, and only while the operator keeps sign-up open.
          before: async (user, ctx) => {
            if (ctx?.path !== "/sign-up/email") return { data: user };
            if (!(await readSettings(db())).openSignUp)
              throw new APIError("FORBIDDEN", { message: "Sign-up is closed: ask an operator for an account." });
            return { data: { ...user, role: "owner" } };
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: "owner", adminRoles: ["admin"], roles: { admin: adminAc, auditor: userAc, owner: userAc } }),
      nextCookies(),
    ],
  });
}

let instance: ReturnType<typeof createAuth> | undefined;

/** The process's one better-auth instance (created on first use, after the environment is read). */
export function auth() {
  instance ??= createAuth();
  return instance;
}
