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
  // Route modules load on a route's first request, not all at start: `arena web` is ready in about
  // 0.5 s instead of 3 s (0.8 s of CPU instead of 3.5 s), and a route's first visit takes some
  // 0.3 s longer on a quiet machine (seconds while a tournament loads it). A server that serves a
  // handful of routes (a test, a small arena) never pays for the rest.
  experimental: { preloadEntriesOnStart: false },
  typedRoutes: false,
};

export default config;
