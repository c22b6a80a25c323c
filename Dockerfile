# syntax=docker/dockerfile:1
# Prämienbörse: the compiled server and the built web app on Node 20, as a non-root user.
# Build: docker build -t praemienboerse .     Run several behind a balancer: see compose.yaml.
# (Written for docs/operations.md; this repository's CI cannot run a Docker engine.)

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
# pg_dump/pg_restore for `npm run backup` / `restore` against PostgreSQL 15.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# Runtime dependencies of the server only (the web app ships as static files).
RUN npm ci --omit=dev --workspace @pb/server --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The CLIs (backup, restore, retention, storage:migrate, admin:create) run from source via tsx.
COPY --from=build /app/apps/server/src apps/server/src
COPY --from=build /app/packages/core/src packages/core/src
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness only (the process serves HTTP): a database outage must not get every container
# restarted. The balancer takes instances out on /api/health/ready instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (exec form): it drains and shuts down cleanly.
STOPSIGNAL SIGTERM
# The flags of scripts/server-flags.mjs (source maps; a young generation of 2 × 8 MB).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "apps/server/dist/main.js"]
