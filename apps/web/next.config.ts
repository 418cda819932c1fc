import type { NextConfig } from "next";
import { fileURLToPath } from "node:url";

// The workspace packages ship TypeScript sources; Next compiles them. Database and Redis
// clients stay external (native-ish modules and their own connection pools per process).
const config: NextConfig = {
  // Several builds of one checkout (parallel test runs) each need their own output folder.
  distDir: process.env.ARENA_WEB_DIST_DIR ?? ".next",
  transpilePackages: [
    "@arena/agents",
    "@arena/audit",
    "@arena/core",
    "@arena/db",
    "@arena/env",
    "@arena/examiner",
    "@arena/jobs",
    "@arena/match",
    "@arena/net",
    "@arena/scoring",
    "@arena/tournament",
    "@arena/trees",
    "@arena/votes",
  ],
  serverExternalPackages: [
    "pg",
    "@prisma/adapter-pg",
    "@prisma/client",
    "bullmq",
    "ioredis",
    "@bull-board/api",
    "@bull-board/hono",
    "@bull-board/ui",
    "ejs",
    "openai",
  ],
  turbopack: { root: fileURLToPath(new URL("../..", import.meta.url)) },
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
