# compat: the API server with the bundled data. Build: docker build -t compat .
# Run:   docker run -p 8080:8080 compat
# Own data (replaces the bundled set): docker run -p 8080:8080 -v /srv/compat/projects:/data/projects:ro compat

FROM node:20-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    COMPAT_DATA_DIR=/data/projects
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
COPY web ./web
COPY data/projects /data/projects
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# A larger young generation: each request makes short-lived objects; fewer, cheaper scavenges.
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "src/server.ts"]
