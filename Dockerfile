# syntax=docker/dockerfile:1
# Two stages: build with dev dependencies, run with production dependencies only.
# test/e2e/production-image.e2e.test.ts performs the same install steps (npm ci, build,
# npm prune --omit=dev) and runs the result against a fake Discord: keep the two in step.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build \
 && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
# MALLOC_ARENA_MAX as `npm start` sets it: two glibc malloc arenas, not one per thread (up to
# 8 per core), each keeping the memory it once held.
ENV NODE_ENV=production \
    DATABASE_URL=file:/data/cthulhu-eternal.db \
    HEALTH_PORT=8080 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/prisma ./prisma
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# Healthy = connected to Discord and the database takes writes (GET /health on HEALTH_HOST).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "dist/scripts/healthcheck.js"]
# The bot handles SIGTERM itself (finishes interactions in flight, closes Discord and the
# database); run it with an init (compose: init: true) so it is not PID 1's special case.
STOPSIGNAL SIGTERM
# As `npm start` (test/e2e/start-command.test.ts keeps them in step). No wasm tier-up: Prisma's
# query compiler (WebAssembly) stays on V8's baseline compiler instead of being re-optimized in
# the background at start-up, which takes tens of MB of working memory that glibc then keeps.
# No --enable-source-maps: it keeps every loaded module's source map in memory (3.7 MB); stack
# traces point into dist/*.js (maps beside them). NODE_OPTIONS=--enable-source-maps brings it back.
CMD ["node", "--no-wasm-tier-up", "--no-wasm-dynamic-tiering", "dist/src/main.js"]
