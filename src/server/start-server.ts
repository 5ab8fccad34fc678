/**
 * One server: loads and validates the data, builds the app, listens, and stops gracefully.
 * It refuses to start on any data fault.
 */
import type { FastifyInstance } from 'fastify'
import type { ParsedFileCache } from '../data/parsed-file-cache.ts'
import { watchDataDir } from '../data/watch-data-dir.ts'
import type { CompileFailure } from '../http/compile-in-background.ts'
import { DatasetHolder } from '../http/dataset-holder.ts'
import { WATCH_DEBOUNCE_MS } from '../http/server-limits.ts'
import { warmTickQueue } from '../http/warm-tick-queue.ts'
import { type DatasetReloads, datasetReloads } from './dataset-reloads.ts'
import { describeFaults, loadWithCache } from './load-with-cache.ts'
import { readTlsCredentials } from './read-tls-credentials.ts'
import type { ServerOptions } from './settings.ts'

export interface RunningServer extends DatasetReloads {
  readonly app: FastifyInstance
  readonly url: string
  readonly holder: DatasetHolder
  /** Stops accepting, lets requests in flight finish, closes. */
  stop(): Promise<void>
}

/** Loads and validates the data, then listens; refuses to start on any data fault. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  await warmTickQueue()
  // The HTTP layer's modules load while worker threads parse the data: not before the files
  // are handed to them, which would hold the workers' start by the 0.2 s it takes.
  let checking = (): void => {}
  const checksStarted = new Promise<void>((resolve) => {
    checking = resolve
  })
  const loading = loadWithCache(options, false, checking)
  await Promise.race([loading, checksStarted])
  const { buildApp } = await import('../http/app.ts')
  // The app is built while the data loads (it reads the dataset only per request), and its
  // faults are reported after the data's.
  const holder = new DatasetHolder()
  const building = (async () => {
    const tls = options.tls === undefined ? undefined : await readTlsCredentials(options.tls)
    return buildApp({
      holder,
      cacheMaxAge: options.cacheMaxAge,
      versionLookup: options.versionLookup,
      logger: { level: options.logLevel },
      ...(tls === undefined ? {} : { tls }),
      rateLimit: options.rateLimit,
      trustProxy: options.trustProxy,
      limits: options.limits,
      ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    })
  })()
  // Handled now, reported below: a fault of the data is reported first.
  building.catch(() => {})
  const abandon = async (error: unknown): Promise<never> => {
    await building.then(
      (app) => app.close(),
      () => {},
    )
    throw error
  }
  const { result, cache } = await loading.catch(abandon)
  if (!result.ok) return abandon(new Error(describeFaults(options.dataDir, result.faults)))
  const app = await building
  holder.replace(result.loaded)
  // A stop ends compiling too: it would otherwise hold the process until every project is done.
  const stopping = new AbortController()
  // What validates compiles; a project that does not is a bug, and fails its own requests.
  const logCompileFailures = (failures: readonly CompileFailure[]): void => {
    for (const { id, error } of failures)
      app.log.error(
        { project: id, err: error },
        'a project cannot be compiled (a bug: please report it)',
      )
  }
  const url = await app.listen({ port: options.port, host: options.host })
  // Ready now; the projects compile from here on, between requests (docs/operations.md).
  const compilingStarted = performance.now()
  void holder.compileBetweenRequests(stopping.signal).then((failures) => {
    if (failures === null) return
    logCompileFailures(failures)
    const ms = Math.round(performance.now() - compilingStarted)
    if (failures.length === 0) app.log.info({ ms }, 'every project compiled')
  })
  app.log.info(
    {
      projects: result.loaded.dataset.projects.size,
      entries: result.loaded.dataset.entryCount,
      ...cache?.stats,
    },
    'dataset loaded',
  )
  // Writes one after the other, and a stop waits for them: the next start finds the cache whole.
  let cacheSaving: Promise<unknown> = Promise.resolve()
  const saveCache = (used: ParsedFileCache | null): void => {
    if (used === null) return
    cacheSaving = cacheSaving
      .then(() => used.save())
      .then(
        (written) =>
          written && app.log.debug({ cacheDir: options.cacheDir }, 'parse cache written'),
        (error: unknown) =>
          app.log.warn(
            { err: error, cacheDir: options.cacheDir },
            'cannot write the parse cache (COMPAT_PARSE_CACHE_DIR); loads parse every file',
          ),
      )
  }
  saveCache(cache)

  const reloads = datasetReloads({
    app,
    holder,
    options,
    stopping: stopping.signal,
    saveCache,
    logCompileFailures,
  })
  let watcher: { close(): void } | null = null
  if (options.watch) {
    watcher = watchDataDir(options.dataDir, WATCH_DEBOUNCE_MS, () => void reloads.reload())
    app.log.info({ dataDir: options.dataDir }, 'watching the data directory')
  }
  const stop = async (): Promise<void> => {
    stopping.abort()
    watcher?.close()
    await app.close()
    await cacheSaving
  }
  return { app, url, holder, ...reloads, stop }
}
