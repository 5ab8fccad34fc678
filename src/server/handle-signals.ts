/** Signals: SIGHUP reloads; SIGTERM and SIGINT stop gracefully, cut short after the grace period. */
import { SHUTDOWN_GRACE_MS } from '../http/server-limits.ts'
import type { RunningServer } from './start-server.ts'

export function handleSignals(server: RunningServer, reloadOnSighup = true): void {
  if (reloadOnSighup) {
    process.on('SIGHUP', () => {
      server.app.log.info('SIGHUP: reloading the dataset')
      void server.reload()
    })
  } else {
    // A worker: the primary coordinates reloads, and a terminal's hang-up is not one.
    process.on('SIGHUP', () => {})
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.app.log.info({ signal }, 'stopping: finishing requests in flight')
      setTimeout(() => {
        server.app.log.warn('requests still in flight after the grace period; exiting')
        process.exit(0)
      }, SHUTDOWN_GRACE_MS).unref()
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'error while stopping')
          process.exit(1)
        },
      )
    })
  }
}
