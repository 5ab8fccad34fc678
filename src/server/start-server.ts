/**
 * One server: loads and validates the data while the app is built, listens, compiles the
 * projects between requests, keeps the parse cache, reloads, and stops gracefully. It refuses
 * to start on any data fault.
 */
import type { FastifyInstance } from 'fastify'
import type { LoadResult } from '../data/load-dataset.ts'
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
  const holder = new DatasetHolder()
  const { app, result, cache } = await loadWhileBuilding(options, holder)
  holder.replace(result.loaded)
  // A stop ends compiling too: it would otherwise hold the process until every project is done.
  const stopping = new AbortController()
  const logCompileFailures = compileFailureLog(app)
  const url = await app.listen({ port: options.port, host: options.host })
  compileAfterReady(app, holder, stopping.signal, logCompileFailures)
  app.log.info(
    {
      projects: result.loaded.dataset.projects.size,
      entries: result.loaded.dataset.entryCount,
      ...cache?.stats,
    },
    'dataset loaded',
  )
  const cacheSaver = parseCacheSaver(app, options.cacheDir)
  cacheSaver.save(cache)

  const reloads = datasetReloads({
    app,
    holder,
    options,
    stopping: stopping.signal,
    saveCache: cacheSaver.save,
    logCompileFailures,
  })
  const watcher = options.watch
    ? watchDataDir(options.dataDir, WATCH_DEBOUNCE_MS, () => void reloads.reload())
    : null
  if (watcher !== null) app.log.info({ dataDir: options.dataDir }, 'watching the data directory')
  const stop = async (): Promise<void> => {
    stopping.abort()
    watcher?.close()
    await app.close()
    await cacheSaver.written()
  }
  return { app, url, holder, ...reloads, stop }
}

/**
 * The data loads in worker threads while the HTTP layer's modules load and the app is built
 * (it reads the dataset only per request). A fault of the data is reported before a fault of
 * the build or the certificate; on either, what was built is closed.
 */
async function loadWhileBuilding(
  options: ServerOptions,
  holder: DatasetHolder,
): Promise<{
  app: FastifyInstance
  result: Extract<LoadResult, { ok: true }>
  cache: ParsedFileCache | null
}> {
  // Not before the files are handed to the workers, which would hold their start by the
  // 0.2 s it takes to load the HTTP layer.
  let checking = (): void => {}
  const checksStarted = new Promise<void>((resolve) => {
    checking = resolve
  })
  const loading = loadWithCache(options, false, checking)
  await Promise.race([loading, checksStarted])
  const { buildApp } = await import('../http/app.ts')
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
      ...(options.registry === undefined ? {} : { registry: options.registry }),
      ...(options.tiers === undefined ? {} : { tiers: options.tiers }),
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
  return { app: await building, result, cache }
}

/** What validates compiles; a project that does not is a bug, and fails its own requests. */
function compileFailureLog(app: FastifyInstance): (failures: readonly CompileFailure[]) => void {
  return (failures) => {
    for (const { id, error } of failures)
      app.log.error(
        { project: id, err: error },
        'a project cannot be compiled (a bug: please report it)',
      )
  }
}

/** Ready now; the projects compile from here on, between requests (docs/operations.md). */
function compileAfterReady(
  app: FastifyInstance,
  holder: DatasetHolder,
  stopping: AbortSignal,
  logCompileFailures: (failures: readonly CompileFailure[]) => void,
): void {
  const started = performance.now()
  void holder.compileBetweenRequests(stopping).then((failures) => {
    if (failures === null) return
    logCompileFailures(failures)
    const ms = Math.round(performance.now() - started)
    if (failures.length === 0) app.log.info({ ms }, 'every project compiled')
  })
}

/**
 * Writes the parse cache of each load, one after the other, and lets a stop wait for them:
 * the next start finds the cache whole.
 */
function parseCacheSaver(
  app: FastifyInstance,
  cacheDir: string | undefined,
): { save(cache: ParsedFileCache | null): void; written(): Promise<unknown> } {
  let saving: Promise<unknown> = Promise.resolve()
  return {
    save(cache) {
      if (cache === null) return
      saving = saving
        .then(() => cache.save())
        .then(
          (written) => written && app.log.debug({ cacheDir }, 'parse cache written'),
          (error: unknown) =>
            app.log.warn(
              { err: error, cacheDir },
              'cannot write the parse cache (COMPAT_PARSE_CACHE_DIR); loads parse every file',
            ),
        )
    },
    written: () => saving,
  }
}
