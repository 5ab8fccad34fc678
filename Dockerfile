# compat: the API server with the bundled data. Build: docker build -t compat .
# Run:   docker run -p 8080:8080 compat
# Own data (replaces the bundled set): docker run -p 8080:8080 -v /srv/compat/projects:/data/projects:ro compat
# HTTPS: add -v /srv/tls:/tls:ro -e TLS_CERT_FILE=/tls/tls.crt -e TLS_KEY_FILE=/tls/tls.key

FROM node:24-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm pack --silent --pack-destination /tmp && mv /tmp/compat-api-*.tgz /tmp/compat.tgz

FROM node:24-slim
# NODE_COMPILE_CACHE: Node keeps what it compiles for the next start of the container.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    COMPAT_DATA_DIR=/data/projects \
    NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
COPY --from=build /tmp/compat.tgz /tmp/compat.tgz
# The package as users install it: compiled JavaScript, production dependencies only.
RUN npm init -y >/dev/null && npm install --omit=dev --no-audit --no-fund /tmp/compat.tgz && rm /tmp/compat.tgz \
    && cp -r node_modules/compat-api/data/projects /data-projects && mkdir -p /data && mv /data-projects /data/projects
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "node_modules/compat-api/dist/server.js"]
