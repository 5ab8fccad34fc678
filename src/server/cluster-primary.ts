/**
 * Several worker processes on one port (`COMPAT_WORKERS`, docs/operations.md "Workers"): this
 * primary forks them (Node's cluster module shares the listening socket), and keeps them as
 * one server — ready when every worker is, reloaded together (each loads and validates the
 * data, and they swap only when all of them succeeded), stopped together, one /metrics for
 * all. It serves nothing itself and never loads the HTTP layer.
 */
import cluster, { type Worker } from 'node:cluster'
import { once } from 'node:events'
import { hostname } from 'node:os'
import { type Logger, pino } from 'pino'
import { watchDataDir } from '../data/watch-data-dir.ts'
import type { MetricsSnapshot } from '../http/metrics.ts'
import { SHUTDOWN_GRACE_MS, WATCH_DEBOUNCE_MS } from '../http/server-limits.ts'
import type { ClusterMessage } from './cluster-messages.ts'
import { STOP_INCOMPLETE_EXIT_CODE } from './handle-signals.ts'
import { oneAtATime } from './one-at-a-time.ts'
import type { ServerOptions } from './settings.ts'

/** How long a worker may take to load the data for a reload, or to report its metrics. */
const RELOAD_TIMEOUT_MS = 120_000
const GATHER_TIMEOUT_MS = 5_000

/**
 * Forks `count` workers and runs them until SIGTERM or SIGINT. The first starts alone, so a
 * start-up error (a fault in the data, a busy port) is reported once: the primary then exits
 * with that worker's code. Resolves with the URL once every worker serves.
 */
export async function runPrimary(options: ServerOptions, count: number): Promise<string> {
  // The workers log through Fastify's pino; the primary's lines come in the same format.
  const log = pino({
    level: options.logLevel,
    base: { pid: process.pid, hostname: hostname(), role: 'primary' },
  })
  const primary = new ClusterPrimary(count, log)
  try {
    await primary.fork()
    await Promise.all(Array.from({ length: count - 1 }, () => primary.fork()))
  } catch (error) {
    primary.abandon()
    process.exit((error as { exitCode?: number }).exitCode ?? 1)
  }
  log.info({ workers: count, url: primary.url }, 'every worker serves')

  const watcher = options.watch
    ? watchDataDir(options.dataDir, WATCH_DEBOUNCE_MS, () => void primary.reload())
    : null
  process.on('SIGHUP', () => {
    log.info('SIGHUP: reloading the dataset in every worker')
    void primary.reload()
  })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      watcher?.close()
      log.info({ signal }, 'stopping: every worker finishes its requests in flight')
      void primary.stop().then((code) => process.exit(code))
    })
  }
  return primary.url
}

/** The workers as one server: forking and replacing them, asking them, reloading, stopping. */
class ClusterPrimary {
  readonly #count: number
  readonly #log: Logger
  readonly #workers = new Set<Worker>()
  readonly #ready = new Set<Worker>()
  readonly #replies = new Map<number, (message: ClusterMessage, from: Worker) => void>()
  #stopping = false
  #nextId = 0
  url = ''
  /** One reload at a time; asked for again while one runs, one more follows. */
  readonly reload = oneAtATime(() => this.#reloadOnce())

  constructor(count: number, log: Logger) {
    this.#count = count
    this.#log = log
  }

  /** A new worker, resolved once it serves; rejected (with its exit code) if it cannot start. */
  fork(): Promise<Worker> {
    return new Promise((resolve, reject) => {
      const worker = cluster.fork()
      this.#workers.add(worker)
      // A worker that is stopping closes its channel; a message that races that is moot.
      worker.on('error', () => {})
      worker.on('message', (message: ClusterMessage) => {
        if (message.type === 'compat:ready') {
          this.url = message.url
          this.#ready.add(worker)
          this.#announceReadiness()
          resolve(worker)
        } else if (message.type === 'compat:gather') {
          void this.#gather().then((snapshots) => {
            send(worker, { type: 'compat:gathered', id: message.id, snapshots })
          })
        } else if ('id' in message) {
          this.#replies.get(message.id)?.(message, worker)
        }
      })
      worker.on('exit', (code, signal) => {
        this.#workers.delete(worker)
        if (!this.#ready.delete(worker)) {
          reject(Object.assign(new Error('a worker could not start'), { exitCode: code ?? 1 }))
          return
        }
        this.#announceReadiness()
        if (!this.#stopping) this.#replace(worker, code, signal)
      })
    })
  }

  /** Start-up failed: the workers that did start go too. */
  abandon(): void {
    this.#stopping = true
    for (const worker of this.#workers) worker.process.kill('SIGTERM')
  }

  /**
   * Every worker stops gracefully; resolves to 0 once all have exited in time, or to
   * STOP_INCOMPLETE_EXIT_CODE when one had to cut its requests short (it exits so itself) or
   * still runs past the grace period.
   */
  async stop(): Promise<number> {
    this.#stopping = true
    this.#announceReadiness()
    const exited = [...this.#workers].map(
      (worker) => once(worker, 'exit') as Promise<[number | null, string | null]>,
    )
    for (const worker of this.#workers) worker.process.kill('SIGTERM')
    const overran = new Promise<'overran'>((resolve) => {
      setTimeout(() => resolve('overran'), SHUTDOWN_GRACE_MS + 1_000).unref()
    })
    const ended = await Promise.race([Promise.all(exited), overran])
    if (ended === 'overran') {
      this.#log.warn('workers still running after the grace period; exiting')
      return STOP_INCOMPLETE_EXIT_CODE
    }
    return ended.every(([code]) => code === 0) ? 0 : STOP_INCOMPLETE_EXIT_CODE
  }

  #replace(gone: Worker, code: number | null, signal: string | null): void {
    this.#log.error(
      { worker: gone.process.pid, code, signal },
      'a worker stopped; starting another',
    )
    this.fork().catch(() => this.#log.error('the replacement worker could not start'))
  }

  #announceReadiness(): void {
    const value = !this.#stopping && this.#ready.size === this.#count
    for (const worker of this.#workers) send(worker, { type: 'compat:all-ready', value })
  }

  /** Asks every worker and waits for each answer (or the timeout); the answers by worker. */
  #askAll<T extends ClusterMessage>(
    make: (id: number) => ClusterMessage,
    timeoutMs: number,
  ): Promise<T[]> {
    return new Promise((resolve) => {
      const id = ++this.#nextId
      const asked = [...this.#workers].filter((worker) => worker.isConnected())
      const answers = new Map<Worker, T>()
      const done = () => {
        this.#replies.delete(id)
        clearTimeout(timer)
        resolve([...answers.values()])
      }
      const timer = setTimeout(done, timeoutMs)
      this.#replies.set(id, (message, from) => {
        answers.set(from, message as T)
        if (answers.size === asked.length) done()
      })
      for (const worker of asked) send(worker, make(id))
      if (asked.length === 0) done()
    })
  }

  /**
   * Every worker's metrics, for the worker that answers a scrape to add up. prom-client's
   * AggregatorRegistry.clusterMetrics() would gather them too, but answers in the primary
   * alone, which would then serve /metrics on a port of its own; here /metrics stays on the
   * API's port, answered by whichever worker takes it (docs/operations.md, "Workers"), and the
   * per-route counters are plain data rather than prom-client metrics. The adding up is
   * prom-client's (`AggregatorRegistry.aggregate`, in http/metrics.ts).
   */
  async #gather(): Promise<MetricsSnapshot[]> {
    const answers = await this.#askAll<Extract<ClusterMessage, { type: 'compat:snapshot-of' }>>(
      (id) => ({ type: 'compat:snapshot', id }),
      GATHER_TIMEOUT_MS,
    )
    return answers.map((answer) => answer.snapshot)
  }

  /** Every worker loads the data; they swap together only when all of them could. */
  async #reloadOnce(): Promise<void> {
    const expected = this.#workers.size
    const answers = await this.#askAll<Extract<ClusterMessage, { type: 'compat:prepared' }>>(
      (id) => ({ type: 'compat:prepare', id }),
      RELOAD_TIMEOUT_MS,
    )
    const id = ++this.#nextId
    const failed = answers.filter((answer) => !answer.ok).length + (expected - answers.length)
    if (failed === 0) {
      for (const worker of this.#workers) send(worker, { type: 'compat:commit', id })
      this.#log.info({ workers: expected }, 'every worker loaded the data: swapped together')
      return
    }
    const reason = `${failed} of ${expected} workers could not load the data`
    for (const worker of this.#workers) send(worker, { type: 'compat:discard', id, reason })
    this.#log.error(`reload failed: ${reason}; every worker keeps the last good dataset`)
  }
}

/** Sends unless the worker's channel has closed (it is stopping or gone). */
function send(worker: Worker, message: ClusterMessage): void {
  if (!worker.isConnected()) return
  try {
    worker.send(message, () => {})
  } catch {
    // The channel closed in between: the worker is on its way out.
  }
}
