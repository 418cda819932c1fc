# syntax=docker/dockerfile:1
# DR Arena images, built from the same `npm run build` as on a host (docs/deployment.md):
#   web      `arena web` (the production build of the web app behind its page cache), port 3000
#   worker   `node apps/worker/bin/worker.mjs` (every queue's workers), health on port 9464
#   migrate  `npx prisma migrate deploy` (run once before the others start)
# docker-compose.yml's `app` profile builds and runs all three. tests/containers.test.ts checks
# that these commands are the ones the multi-process test starts (tests/processes.ts).
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, the CLI and worker (esbuild) and the web app (next build)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

# ---- prod: the build without development dependencies (the bins run the build while it is current)
FROM build AS prod
RUN npm prune --omit=dev --no-audit --no-fund \
 && touch apps/cli/dist/BUILD_STAMP apps/worker/dist/BUILD_STAMP

# ---- runtime: what the web and worker images share, as the unprivileged `node` user
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
COPY --from=prod --chown=node:node /app /app
USER node

FROM runtime AS web
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "apps/cli/bin/arena.mjs"]
CMD ["web", "--host", "0.0.0.0", "--port", "3000"]

FROM runtime AS worker
ENV ARENA_WORKER_HEALTH_PORT=9464
EXPOSE 9464
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:9464/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/worker/bin/worker.mjs"]

# ---- migrate: the build stage keeps the Prisma CLI (a development dependency)
FROM build AS migrate
USER node
CMD ["npx", "prisma", "migrate", "deploy"]
