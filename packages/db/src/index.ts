import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "./generated/client";
import { databaseUrl, poolConfig } from "./pool";

export * from "./generated/client";

/** Either the client or an interactive-transaction client: functions that only query accept both. */
export type Db = PrismaClient | Prisma.TransactionClient;
export { databaseUrl, poolConfig } from "./pool";

/** A Prisma client over node-postgres (no Rust engine). One per process is enough. */
export function createPrisma(url = databaseUrl()): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(poolConfig(url)) });
}

let shared: PrismaClient | undefined;

/** The process-wide client, created on first use. */
export function prisma(): PrismaClient {
  shared ??= createPrisma();
  return shared;
}

export async function disconnectPrisma(): Promise<void> {
  await shared?.$disconnect();
  shared = undefined;
}

/** Operator allow-list entries from the console (AllowedHost table); ARENA_ALLOW_HOSTS is read by @arena/net. */
export async function operatorAllowList(db: PrismaClient): Promise<string[]> {
  return (await db.allowedHost.findMany({ select: { pattern: true } })).map((h) => h.pattern);
}
