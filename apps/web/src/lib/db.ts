import { prisma, type PrismaClient } from "@arena/db";

/** The server process's one database client (DATABASE_URL); pages and route handlers pass it to read functions. */
export function db(): PrismaClient {
  return prisma();
}
