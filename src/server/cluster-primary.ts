/**
 * Several worker processes on one port (`COMPAT_WORKERS`, docs/operations.md "Workers"): this
 * primary forks them (Node's cluster module shares the listening socket), and keeps them as
 * one server — ready when every worker is, reloaded together (each loads and validates the
 * data, and they swap only when all of them succeeded), stopped together, one /metrics for
 * all. It serves nothing itself and never loads the HTTP layer.
 */
import cluster, { type Worker } from 'node:cluster'
import { watchDataDir } from '../data/watch-data-dir.ts'
import type { MetricsSnapshot } from '../http/metrics.ts'
import { SHUTDOWN_GRACE_MS, WATCH_DEBOUNCE_MS } from '../http/server-limits.ts'
import type { ClusterMessage } from './cluster-messages.ts'
import { oneAtATime } from './one-at-a-time.ts'
import type { ServerOptions } from './settings.ts'

/** How long a worker may take to load the data for a reload, or to report its metrics. */
const RELOAD_TIMEOUT_MS = 120_000
const GATHER_TIMEOUT_MS = 5_000

// pino's levels, for LOG_LEVEL (the workers log through pino itself).
const LEVELS: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
}
let threshold = LEVELS.info as number

/** A log line in the workers' JSON format, from the primary, at LOG_LEVEL or above. */
function log(level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) {
  const value = LEVELS[level] as number
  if (value < threshold) return
  process.stdout.write(
    `${JSON.stringify({ level: value, time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg })}\n`,
  )
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

/**
 * Forks `count` workers and runs them until SIGTERM or SIGINT. The first starts alone, so a
 * start-up error (a fault in the data, a busy port) is reported once: the primary then exits
 * with that worker's code. Resolves with the URL once every worker serves.
 */
export async function runPrimary(options: ServerOptions, count: number): Promise<string> {
  threshold = LEVELS[options.logLevel] ?? (LEVELS.info as number)
  const workers = new Set<Worker>()
  const ready = new Set<Worker>()
  let stopping = false
  let url = ''
  let nextId = 0
  const replies = new Map<number, (message: ClusterMessage, from: Worker) => void>()

  const broadcast = (message: ClusterMessage) => {
    for (const worker of workers) send(worker, message)
  }
  const announceReadiness = () =>
    broadcast({ type: 'compat:all-ready', value: !stopping && ready.size === count })

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork()
      workers.add(worker)
      // A worker that is stopping closes its channel; a message that races that is moot.
      worker.on('error', () => {})
      worker.on('message', (message: ClusterMessage) => {
        if (message.type === 'compat:ready') {
          url = message.url
          ready.add(worker)
          announceReadiness()
          resolve(worker)
        } else if (message.type === 'compat:gather') {
          void gather().then((snapshots) => {
            if (worker.isConnected())
              worker.send({ type: 'compat:gathered', id: message.id, snapshots })
          })
        } else if ('id' in message) {
          replies.get(message.id)?.(message, worker)
        }
      })
      worker.on('exit', (code, signal) => {
        workers.delete(worker)
        const wasReady = ready.delete(worker)
        if (!wasReady) {
          reject(Object.assign(new Error('a worker could not start'), { exitCode: code ?? 1 }))
          return
        }
        announceReadiness()
        if (stopping) return
        log('error', 'a worker stopped; starting another', {
          worker: worker.process.pid,
          code,
          signal,
        })
        fork().catch(() => log('error', 'the replacement worker could not start'))
      })
    })

  /** Asks every worker and waits for each answer (or the timeout); the answers by worker. */
  const askAll = <T extends ClusterMessage>(
    make: (id: number) => ClusterMessage,
    timeoutMs: number,
  ) =>
    new Promise<T[]>((resolve) => {
      const id = ++nextId
      const asked = [...workers].filter((worker) => worker.isConnected())
      const answers = new Map<Worker, T>()
      const done = () => {
        replies.delete(id)
        clearTimeout(timer)
        resolve([...answers.values()])
      }
      const timer = setTimeout(done, timeoutMs)
      replies.set(id, (message, from) => {
        answers.set(from, message as T)
        if (answers.size === asked.length) done()
      })
      for (const worker of asked) send(worker, make(id))
      if (asked.length === 0) done()
    })

  const gather = async (): Promise<MetricsSnapshot[]> => {
    const answers = await askAll<Extract<ClusterMessage, { type: 'compat:snapshot-of' }>>(
      (id) => ({ type: 'compat:snapshot', id }),
      GATHER_TIMEOUT_MS,
    )
    return answers.map((answer) => answer.snapshot)
  }

  const reloadOnce = async () => {
    const expected = workers.size
    const answers = await askAll<Extract<ClusterMessage, { type: 'compat:prepared' }>>(
      (id) => ({ type: 'compat:prepare', id }),
      RELOAD_TIMEOUT_MS,
    )
    const id = ++nextId
    const failed = answers.filter((answer) => !answer.ok).length + (expected - answers.length)
    if (failed === 0) {
      broadcast({ type: 'compat:commit', id })
      log('info', 'every worker loaded the data: swapped together', { workers: expected })
    } else {
      const reason = `${failed} of ${expected} workers could not load the data`
      broadcast({ type: 'compat:discard', id, reason })
      log('error', `reload failed: ${reason}; every worker keeps the last good dataset`)
    }
  }
  // One reload at a time; asked for again while one runs, one more follows.
  const reload = oneAtATime(reloadOnce)

  try {
    await fork()
    await Promise.all(Array.from({ length: count - 1 }, () => fork()))
  } catch (error) {
    stopping = true
    for (const worker of workers) worker.process.kill('SIGTERM')
    process.exit((error as { exitCode?: number }).exitCode ?? 1)
  }
  log('info', 'every worker serves', { workers: count, url })

  const watcher = options.watch
    ? watchDataDir(options.dataDir, WATCH_DEBOUNCE_MS, () => void reload())
    : null
  process.on('SIGHUP', () => {
    log('info', 'SIGHUP: reloading the dataset in every worker')
    void reload()
  })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true
      watcher?.close()
      announceReadiness()
      log('info', 'stopping: every worker finishes its requests in flight', { signal })
      for (const worker of workers) worker.process.kill('SIGTERM')
      setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS + 1_000).unref()
      const wait = () => (workers.size === 0 ? process.exit(0) : setTimeout(wait, 20))
      wait()
    })
  }
  return url
}
