/** The real server on a free port, for tests that need a URL: the fixture data unless told otherwise. */
import { type RunningServer, type ServerOptions, startServer } from '../../src/server.ts'
import { FIXTURE_DATA_DIR } from './fixture-app.ts'
import { HARNESS_LIMITS } from './harness-limits.ts'

/** On 127.0.0.1, silent, `max-age=0` and HARNESS_LIMITS; `options` override or add to that. */
export function startFixtureServer(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  return startServer({
    dataDir: FIXTURE_DATA_DIR,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    cacheMaxAge: 0,
    limits: HARNESS_LIMITS,
    ...options,
  })
}
