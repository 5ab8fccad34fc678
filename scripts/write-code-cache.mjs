/**
 * Part of `npm run build`, run under `npm start`'s node flags: starts the compiled server
 * (dist/server.js) on the bundled data, asks it what a first client would, then writes V8's
 * code cache of the server bundle, with every function compiled by then (src/server-loader.ts).
 */
import { optionsFromEnvironment, startServer, writeCodeCache } from '../dist/server.js'

const server = await startServer(
  optionsFromEnvironment({ PORT: '0', LOG_LEVEL: 'silent', COMPAT_PARSE_CACHE_DIR: 'off' }),
)
try {
  const check = { project: 'django', version: '5.2', dependency: 'python', dependencyVersion: '3.12' }
  const requests = [
    ['/readyz'],
    [`/api/v1/check?${new URLSearchParams(check)}`],
    [
      '/api/v1/check',
      {
        method: 'POST',
        body: JSON.stringify({ project: 'django', version: '5.2', dependencies: { python: '3.12' } }),
      },
    ],
    ['/api/v1/projects'],
    ['/api/v1/projects/django'],
  ]
  for (const [path, init] of requests) {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
    })
    if (!response.ok) throw new Error(`write-code-cache: ${path} answered ${response.status}`)
    await response.arrayBuffer()
  }
  writeCodeCache()
} finally {
  await server.stop()
}
