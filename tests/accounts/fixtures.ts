import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { PrismaClient } from "@arena/db";
import { createUserWithPassword, type Role } from "@arena/db/accounts";

export const PASSWORD = "correct-horse-battery";

export async function createUser(db: PrismaClient, role: Role, email = `${role}-${randomBytes(3).toString("hex")}@example.test`) {
  return createUserWithPassword(db, { email, name: role, role, passwordHash: await hashPassword(PASSWORD) });
}

/** The environment the web server and in-process workers share in these tests. */
export function accountsEnv(): Record<string, string> {
  return {
    DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/arena_test_accounts",
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    ARENA_QUEUE_PREFIX: process.env.ARENA_QUEUE_PREFIX ?? `arena_test_accounts_${process.pid}`,
    ARENA_SECRET_KEY: process.env.ARENA_SECRET_KEY ?? randomBytes(32).toString("base64"),
    // Rate limits are tested on their own; the other tests sign in many times from one IP.
    ARENA_AUTH_RATE_LIMIT: "off",
  };
}
