# syntax=docker/dockerfile:1
# Tabayyun: one image for every instance (docs/deploy.md). Multi-stage: full install and the web
# build in `build`, production dependencies in `prod-deps`, then the runtime image holds only those
# dependencies, the sources and the built web app, run as the unprivileged `node` user (files owned
# by root: the app cannot change its own code). The server runs TypeScript directly (Node 24
# strips types), so there is no server compile step.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- manifests: the workspace's package files only, for both installs below ----
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/db/package.json packages/db/
COPY packages/forms/package.json packages/forms/
COPY packages/permissions/package.json packages/permissions/
COPY packages/query/package.json packages/query/
COPY packages/schemas/package.json packages/schemas/
COPY packages/site-context/package.json packages/site-context/
COPY packages/text/package.json packages/text/

# ---- build: full install (dev dependencies build the web app) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
# Manifests first, so the npm ci layer is reused while only sources change.
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- prod-deps: production dependencies only (manifests from the context, nothing built) ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --omit=dev --no-audit --no-fund

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_LEVEL=info
WORKDIR /app
# Manifests and node_modules (root and nested, e.g. packages/db/node_modules), production only.
COPY --from=prod-deps /app ./
# Sources from the context (.dockerignore keeps node_modules, builds and data out), then the web build.
COPY packages packages
COPY apps/server apps/server
COPY apps/web apps/web
COPY --from=build /app/apps/web/build apps/web/build
# Only DATA_DIR is writable (PGlite, files on disk, the generated secret and keys); with
# DATABASE_URL, STORAGE_DRIVER=s3, APP_SECRET and JWT_PRIVATE_KEY set it stays empty.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /healthz: the process answers (liveness). Load balancers should also use /readyz (database).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Not `npm start`: signals reach node directly (graceful shutdown on SIGTERM, SHUTDOWN_GRACE_S).
CMD ["node", "apps/server/src/server.ts"]
