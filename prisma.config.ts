import "dotenv/config";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { databaseUrl, poolConfig } from "./packages/db/src/pool";
import { MigrationClient } from "./packages/db/src/migrate-client";

// The CLI decides whether to download a Rust query engine by reading DATABASE_URL: keep it set.
process.env.DATABASE_URL = databaseUrl();

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPg(new pg.Pool({ ...poolConfig(), Client: MigrationClient })),
});
