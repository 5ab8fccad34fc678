/** The real server on the fixture data, listening on a free port, for tests that need a URL. */
import { type RunningServer, startServer } from '../../src/server.ts'
import { FIXTURE_DATA_DIR } from './fixture-app.ts'
import { HARNESS_LIMITS } from './harness-limits.ts'

export function startFixtureServer(): Promise<RunningServer> {
  return startServer({
    dataDir: FIXTURE_DATA_DIR,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    cacheMaxAge: 0,
    limits: HARNESS_LIMITS,
  })
}
