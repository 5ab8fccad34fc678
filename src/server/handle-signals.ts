/** Signals: SIGHUP reloads; SIGTERM and SIGINT stop gracefully, cut short after the grace period. */
import type { FastifyBaseLogger } from 'fastify'
import { SHUTDOWN_GRACE_MS } from '../http/server-limits.ts'
import type { RunningServer } from './start-server.ts'

/**
 * The exit code of a stop that did not finish: requests were still in flight when the grace
 * period ended, or stopping failed. A stop that finished exits 0.
 */
export const STOP_INCOMPLETE_EXIT_CODE = 1

/**
 * Installs the signal handlers. It takes the server while it is still starting, so the handlers
 * are in place before the server listens: a SIGHUP that arrives as the first request does (a
 * reload just after start) reloads once the server is up, instead of ending the process as
 * Node's default would.
 */
export function handleSignals(starting: Promise<RunningServer>, reloadOnSighup = true): void {
  if (reloadOnSighup) {
    process.on('SIGHUP', () => {
      starting.then(
        (server) => {
          server.app.log.info('SIGHUP: reloading the dataset')
          void server.reload()
        },
        // A server that failed to start has said so already, and the process is ending.
        () => {},
      )
    })
  } else {
    // A worker: the primary coordinates reloads, and a terminal's hang-up is not one.
    process.on('SIGHUP', () => {})
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      starting.then(
        (server) => stopGracefully(server, signal),
        () => process.exit(STOP_INCOMPLETE_EXIT_CODE),
      )
    })
  }
}

/** What a graceful stop needs of the server: its log, and how to stop it. */
export interface Stoppable {
  readonly app: { readonly log: Pick<FastifyBaseLogger, 'info' | 'error'> }
  stop(): Promise<void>
}

/**
 * Stops `server`, letting requests in flight finish, then exits: 0 when it stopped, or
 * STOP_INCOMPLETE_EXIT_CODE when requests were still in flight after `graceMs` (an orchestrator
 * should know that answers were lost) or stopping failed. Tests pass their own `exit`.
 */
export function stopGracefully(
  server: Stoppable,
  signal: string,
  graceMs: number = SHUTDOWN_GRACE_MS,
  exit: (code: number) => void = process.exit,
): void {
  server.app.log.info({ signal }, 'stopping: finishing requests in flight')
  const cutShort = setTimeout(() => {
    server.app.log.error(
      { graceMs, exitCode: STOP_INCOMPLETE_EXIT_CODE },
      `requests still in flight after the grace period of ${graceMs} ms; exiting with ${STOP_INCOMPLETE_EXIT_CODE}`,
    )
    exit(STOP_INCOMPLETE_EXIT_CODE)
  }, graceMs)
  cutShort.unref()
  server.stop().then(
    () => {
      clearTimeout(cutShort)
      exit(0)
    },
    (error: unknown) => {
      clearTimeout(cutShort)
      server.app.log.error(
        { err: error, exitCode: STOP_INCOMPLETE_EXIT_CODE },
        'error while stopping',
      )
      exit(STOP_INCOMPLETE_EXIT_CODE)
    },
  )
}
