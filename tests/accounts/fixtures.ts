import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { PrismaClient } from "@arena/db";
import { createUserWithPassword, type Role } from "@arena/db/accounts";

export const PASSWORD = "correct-horse-battery";

export async function createUser(db: PrismaClient, role: Role, email = `${role}-${randomBytes(3).toString("hex")}@example.test`) {
  return createUserWithPassword(db, { email, name: role, role, passwordHash: await hashPassword(PASSWORD) });
}

/**
 * The environment the web server and in-process workers share in these tests: the services, and
 * one secret key so agent keys the server encrypts are the keys the workers decrypt.
 */
export function accountsEnv(): Record<string, string> {
  return {
    DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/arena_test_accounts",
    REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    ARENA_QUEUE_PREFIX: process.env.ARENA_QUEUE_PREFIX ?? `arena_test_accounts_${process.pid}`,
    ARENA_SECRET_KEY: process.env.ARENA_SECRET_KEY ?? randomBytes(32).toString("base64"),
  };
}

/** What the web server needs besides the services `startWeb` passes anyway. */
export const serverEnv = (env: Record<string, string>) => ({ ARENA_SECRET_KEY: env.ARENA_SECRET_KEY! });
