# Kicksight images, all built from the repository root with this one Dockerfile.
# Node 24 runs the TypeScript sources directly (type stripping), so the services have no compile step.
#   A service or the BFF (the default target), given its workspace and the ports it listens on:
#     docker build --build-arg WORKSPACE=services/auth --build-arg PORTS="4001 4101" -t kicksight/auth .
#     docker build --build-arg WORKSPACE=bff --build-arg PORTS="8080 8180" -t kicksight/bff .
#   The web app (its Vite build, served with an SPA fallback by a small Node server that also proxies /api):
#     docker build --target web -t kicksight/web .

FROM node:24.21.0-bookworm-slim AS manifests
WORKDIR /app
# Behind a TLS proxy the npm registry is reached with the proxy's CA, handed to `npm ci` as the build secret
# npm_ca (`docker build --secret id=npm_ca,src=<CA file>`): mounted only while npm runs, never in an image. npm's
# download cache is a build cache mount, shared by the images and kept out of them too.
# npm ci needs every workspace manifest to honour the lockfile; each image then installs only its
# workload's dependencies (and the workspace packages it uses).
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/platform/package.json packages/platform/
COPY packages/stockx/package.json packages/stockx/
COPY packages/testkit/package.json packages/testkit/
COPY services/auth/package.json services/auth/
COPY services/catalog/package.json services/catalog/
COPY services/collection/package.json services/collection/
COPY services/billing/package.json services/billing/
COPY services/prediction/package.json services/prediction/
COPY services/notifications/package.json services/notifications/
COPY services/stockx-sandbox/package.json services/stockx-sandbox/
COPY bff/package.json bff/
COPY web/package.json web/

# What every running image starts from: production mode, listening on every interface of the container,
# Node's experimental warnings silenced.
FROM node:24.21.0-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    NODE_OPTIONS="--disable-warning=ExperimentalWarning --disable-warning=TimeoutNegativeWarning"

# The web app's Vite build, with the web workspace's dev dependencies.
FROM manifests AS web-build
RUN --mount=type=secret,id=npm_ca --mount=type=cache,target=/root/.npm NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca npm ci --workspace=@kicksight/web --include-workspace-root=false
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY packages/platform packages/platform
COPY web web
RUN npm run build -w web

# Production dependencies of the web server only.
FROM manifests AS web-deps
RUN --mount=type=secret,id=npm_ca --mount=type=cache,target=/root/.npm NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca npm ci --omit=dev --workspace=@kicksight/web --include-workspace-root=false

FROM runtime AS web
COPY --from=web-deps /app ./
COPY packages/contracts packages/contracts
COPY packages/platform packages/platform
COPY web/server web/server
COPY --from=web-build /app/web/dist web/dist
# The image's unprivileged `node` user; nothing is written under /app at run time.
USER 1000:1000
EXPOSE 5173 5273
CMD ["node", "web/server/main.ts"]

# Production dependencies of one service's workspace (WORKSPACE is its folder, e.g. services/auth).
FROM manifests AS service-deps
ARG WORKSPACE
RUN --mount=type=secret,id=npm_ca --mount=type=cache,target=/root/.npm test -n "$WORKSPACE" && test -f "$WORKSPACE/package.json" \
 && NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca npm ci --omit=dev --workspace="$WORKSPACE" --include-workspace-root=false

# A service or the BFF: the default target.
FROM runtime AS service
ARG WORKSPACE
ARG PORTS
ENV WORKSPACE=${WORKSPACE}
COPY --from=service-deps /app ./
COPY packages/contracts packages/contracts
COPY packages/platform packages/platform
COPY packages/stockx packages/stockx
COPY ${WORKSPACE} ${WORKSPACE}
# The topics Job of the Helm chart runs in the BFF's image: it creates every Kafka topic of the contracts.
COPY scripts/topics.ts scripts/topics.ts
# The image's unprivileged `node` user; nothing is written under /app at run time.
USER 1000:1000
EXPOSE ${PORTS}
# exec hands the process to Node, so it receives the stop signal directly.
CMD ["sh", "-c", "exec node --import @kicksight/platform/telemetry \"$WORKSPACE/src/main.ts\""]
