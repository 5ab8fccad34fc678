/**
 * The production server: the only place that reads the environment and listens.
 * PORT, HOST, COMPAT_DATA_DIR, LOG_LEVEL, CACHE_MAX_AGE, COMPAT_WATCH, COMPAT_VERSION_LOOKUP,
 * TLS_CERT_FILE and TLS_KEY_FILE (HTTPS), COMPAT_RATE_LIMIT, COMPAT_TRUST_PROXY,
 * COMPAT_PUBLIC_URL and COMPAT_PARSE_CACHE_DIR.
 * SIGHUP reloads the data; SIGTERM and SIGINT stop gracefully.
 */
import cluster from 'node:cluster'
import { readFile } from 'node:fs/promises'
import type { Server as TlsServer } from 'node:https'
import { availableParallelism } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { createSecureContext } from 'node:tls'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { VERSION_LOOKUPS, type VersionLookup } from './core/check/resolve-project-version.ts'
import { BUNDLED_DATA_DIR } from './data/bundled-data-dir.ts'
import { dataDirsOf } from './data/data-dirs.ts'
import { formatFault, sortFaults } from './data/format-fault.ts'
import { type LoadedDataset, type LoadResult, loadDataset } from './data/load-dataset.ts'
import { ParsedFileCache } from './data/parsed-file-cache.ts'
import { watchDataDir } from './data/watch-data-dir.ts'
import type { AppOptions } from './http/app.ts'
import { type CompileFailure, compileInBackground } from './http/compile-in-background.ts'
import { DatasetHolder } from './http/dataset-holder.ts'
import {
  DEFAULT_CACHE_MAX_AGE_SECONDS,
  SHUTDOWN_GRACE_MS,
  WATCH_DEBOUNCE_MS,
} from './http/limits.ts'
import type { MetricsSnapshot } from './http/metrics.ts'
import { parsePublicUrl } from './http/parse-public-url.ts'
import { parseTrustedProxies, type TrustedProxies } from './http/rate-limit/client-address.ts'
import { parseRateLimit, type RateLimitSetting } from './http/rate-limit/parse-rate-limit.ts'
import type { TlsCredentials } from './http/server-options.ts'
import { warmTickQueue } from './http/warm-tick-queue.ts'
import { oneAtATime } from './one-at-a-time.ts'
import type { ClusterMessage } from './server-primary.ts'

export interface ServerOptions {
  readonly dataDir: string
  readonly port: number
  readonly host: string
  readonly logLevel: string
  readonly cacheMaxAge: number
  /** How checks find a project version (docs/api.md, "Version lookup"). */
  readonly versionLookup?: VersionLookup
  /** Reload when a file in the data directory changes. */
  readonly watch?: boolean
  /** PEM files of a certificate (chain) and its key: the server speaks HTTPS. */
  readonly tls?: { readonly certFile: string; readonly keyFile: string }
  /** A per-client request limit; none when absent. */
  readonly rateLimit?: RateLimitSetting
  /** Proxies whose X-Forwarded-For names the client. */
  readonly trustProxy?: TrustedProxies
  /** Worker processes sharing the port; 1 (the default) serves from this process. */
  readonly workers?: number
  /** The site's public address (canonical links, sitemap, OpenAPI servers); none when absent. */
  readonly publicUrl?: string
  /** Where parsed data files are kept between loads (parsed-file-cache.ts); none when absent. */
  readonly cacheDir?: string
  /** Tests change these; a served process uses the constants of http/limits.ts. */
  readonly limits?: AppOptions['limits']
}

export interface RunningServer {
  readonly app: FastifyInstance
  readonly url: string
  readonly holder: DatasetHolder
  /** Loads the data directory again; swaps it in only when it has no fault. */
  reload(): Promise<boolean>
  /** Loads and validates the data directory again, keeping it aside; false on faults. */
  prepareReload(): Promise<boolean>
  /** Swaps in what prepareReload kept aside. */
  commitReload(): void
  /** Drops what prepareReload kept aside: another worker's reload failed. */
  discardReload(reason: string): void
  /** Stops accepting, lets requests in flight finish, closes. */
  stop(): Promise<void>
}

export function optionsFromEnvironment(env: NodeJS.ProcessEnv): ServerOptions {
  return {
    dataDir: env.COMPAT_DATA_DIR || BUNDLED_DATA_DIR,
    port: integerSetting(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    logLevel: env.LOG_LEVEL || 'info',
    cacheMaxAge: integerSetting(env, 'CACHE_MAX_AGE', DEFAULT_CACHE_MAX_AGE_SECONDS),
    versionLookup: versionLookupSetting(env.COMPAT_VERSION_LOOKUP),
    watch: env.COMPAT_WATCH === '1' || env.COMPAT_WATCH === 'true',
    ...tlsSetting(env.TLS_CERT_FILE, env.TLS_KEY_FILE),
    ...rateLimitSettings(env.COMPAT_RATE_LIMIT, env.COMPAT_TRUST_PROXY),
    workers: workersSetting(env.COMPAT_WORKERS, 'COMPAT_WORKERS'),
    ...publicUrlSetting(env.COMPAT_PUBLIC_URL),
    ...cacheDirSetting(env),
  }
}

/**
 * COMPAT_PARSE_CACHE_DIR: a directory, or `off`; by default the user's cache directory (XDG), none
 * when the environment names no home. A directory that cannot be written only costs speed.
 */
export function cacheDirSetting(env: NodeJS.ProcessEnv): Pick<ServerOptions, 'cacheDir'> {
  const setting = env.COMPAT_PARSE_CACHE_DIR
  if (setting === 'off') return {}
  if (setting !== undefined && setting !== '') return { cacheDir: setting }
  // The XDG base directory rule: a relative XDG_CACHE_HOME is to be ignored.
  if (env.XDG_CACHE_HOME !== undefined && isAbsolute(env.XDG_CACHE_HOME)) {
    return { cacheDir: join(env.XDG_CACHE_HOME, 'compat') }
  }
  if (env.HOME !== undefined && isAbsolute(env.HOME)) {
    return { cacheDir: join(env.HOME, '.cache', 'compat') }
  }
  return {}
}

/** COMPAT_PUBLIC_URL: the site's address; a bad one is a start-up error. */
export function publicUrlSetting(text: string | undefined): Pick<ServerOptions, 'publicUrl'> {
  if (text === undefined || text === '') return {}
  const parsed = parsePublicUrl(text)
  if ('error' in parsed) throw new Error(parsed.error)
  return { publicUrl: parsed.url }
}

const MAX_WORKERS = 256

/** `COMPAT_WORKERS` / `--workers`: a whole number from 1, or `auto` for one per core. */
export function workersSetting(text: string | undefined, name: string): number {
  if (text === undefined || text === '') return 1
  if (text === 'auto') return availableParallelism()
  const count = Number(text)
  if (!/^\d{1,3}$/.test(text) || count < 1 || count > MAX_WORKERS) {
    throw new Error(
      `${name} must be a whole number from 1 to ${MAX_WORKERS}, or auto (one per core); got '${text}'`,
    )
  }
  return count
}

/** COMPAT_RATE_LIMIT (off when unset) and COMPAT_TRUST_PROXY; a bad value is a start-up error. */
export function rateLimitSettings(
  rateLimit: string | undefined,
  trustProxy: string | undefined,
): Pick<ServerOptions, 'rateLimit' | 'trustProxy'> {
  const settings: { rateLimit?: RateLimitSetting; trustProxy?: TrustedProxies } = {}
  if (rateLimit !== undefined && rateLimit !== '') {
    const parsed = parseRateLimit(rateLimit)
    if ('error' in parsed) throw new Error(parsed.error)
    settings.rateLimit = parsed
  }
  if (trustProxy !== undefined && trustProxy !== '') {
    const parsed = parseTrustedProxies(trustProxy)
    if ('error' in parsed) throw new Error(parsed.error)
    settings.trustProxy = parsed
  }
  return settings
}

/** Both files or neither: a certificate without its key (or the reverse) is a mistake. */
export function tlsSetting(
  certFile: string | undefined,
  keyFile: string | undefined,
): Pick<ServerOptions, 'tls'> {
  if ((certFile ?? '') === '' && (keyFile ?? '') === '') return {}
  if ((certFile ?? '') === '' || (keyFile ?? '') === '') {
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both for HTTPS, or neither')
  }
  return { tls: { certFile: certFile as string, keyFile: keyFile as string } }
}

/** Reads and checks the certificate and key; the error names the file and what is wrong. */
export async function readTlsCredentials(
  files: NonNullable<ServerOptions['tls']>,
): Promise<TlsCredentials> {
  const read = async (name: string, file: string) => {
    try {
      return await readFile(file)
    } catch (error) {
      throw new Error(
        `cannot read the ${name} '${file}' (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      )
    }
  }
  const credentials = {
    cert: await read('certificate', files.certFile),
    key: await read('key', files.keyFile),
  }
  try {
    createSecureContext(credentials)
  } catch (error) {
    throw new Error(
      `the certificate '${files.certFile}' and key '${files.keyFile}' are not a usable pair (${(error as Error).message})`,
    )
  }
  return credentials
}

/** `exact` (the default) or `line`; anything else is a start-up error, never a silent default. */
export function versionLookupSetting(text: string | undefined): VersionLookup {
  if (text === undefined || text === '') return 'exact'
  const lookup = VERSION_LOOKUPS.find((candidate) => candidate === text)
  if (lookup === undefined) {
    throw new Error(`COMPAT_VERSION_LOOKUP must be exact or line, got '${text}'`)
  }
  return lookup
}

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got '${text}'`)
  return Number(text)
}

function describeFaults(dataDir: string, faults: Parameters<typeof sortFaults>[0]): string {
  const lines = sortFaults(faults).map((fault) => formatFault(fault, process.cwd()))
  return `the dataset in ${dataDir} has ${lines.length} fault(s):\n${lines.join('\n')}`
}

/**
 * Loads the data directory through the parse cache, when there is one; the caller saves it.
 * A reload (in the background) records into the cache without reading it: every file found
 * there would be read and validated on the serving thread as fast as it can go,
 * while parsing in low-priority workers paces that work (at 200,000 entries the p99 latency
 * while reloading rose from 8 to 54 ms), and reading the file alone would hold that thread.
 */
async function loadWithCache(
  options: ServerOptions,
  background: boolean,
  onChecking?: () => void,
): Promise<{ result: LoadResult; cache: ParsedFileCache | null }> {
  const cache =
    options.cacheDir === undefined
      ? null
      : await ParsedFileCache.open(options.cacheDir, dataDirsOf(options.dataDir), {
          read: !background,
        })
  const result = await loadDataset(options.dataDir, {
    background,
    // At start-up nothing else waits on this thread.
    readSynchronously: !background,
    ...(cache === null ? {} : { cache }),
    ...(onChecking === undefined ? {} : { onChecking }),
  })
  return { result, cache }
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
  const { buildApp } = await import('./http/app.ts')
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
  let stopping = false
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
  void holder
    .compileBetweenRequests(() => stopping)
    .then((failures) => {
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

  const reloadCertificate = async (): Promise<void> => {
    if (options.tls === undefined) return
    try {
      ;(app.server as unknown as TlsServer).setSecureContext(await readTlsCredentials(options.tls))
      app.log.info('certificate reloaded')
    } catch (error) {
      app.log.error({ err: error }, 'certificate reload failed; still serving the previous one')
    }
  }
  // A reload in two steps, so that workers swap together or not at all (server-primary.ts).
  // The dataset a prepared reload would serve, with its parse cache's numbers for the log.
  let pending: { loaded: LoadedDataset; cacheStats: ParsedFileCache['stats'] | undefined } | null =
    null
  const prepareReload = async (): Promise<boolean> => {
    await reloadCertificate()
    const { result: next, cache } = await loadWithCache(options, true)
    saveCache(cache)
    if (!next.ok) {
      pending = null
      app.metrics.recordReload('failure')
      app.log.error(
        { faults: sortFaults(next.faults).map((fault) => formatFault(fault, process.cwd())) },
        'reload failed; still serving the last good dataset',
      )
      return false
    }
    // Compiled before it is served, between the answers of the dataset served now: the first
    // request that reads every project then finds them compiled.
    const failures = await compileInBackground(next.loaded.dataset, () => !stopping)
    if (failures === null || failures.length > 0) {
      pending = null
      app.metrics.recordReload('failure')
      if (failures !== null) {
        logCompileFailures(failures)
        app.log.error('reload failed; still serving the last good dataset')
      }
      return false
    }
    pending = { loaded: next.loaded, cacheStats: cache?.stats }
    return true
  }
  const discardReload = (reason: string): void => {
    if (pending === null) return
    pending = null
    app.metrics.recordReload('failure')
    app.log.error({ reason }, 'reload abandoned; still serving the last good dataset')
  }
  const commitReload = (): void => {
    if (pending === null) return
    const { loaded, cacheStats } = pending
    pending = null
    const served = holder.replace(loaded)
    app.metrics.recordReload('success')
    app.log.info(
      {
        projects: served.dataset.projects.size,
        entries: served.dataset.entryCount,
        contentHash: served.contentHash,
        ...cacheStats,
      },
      'dataset reloaded',
    )
  }
  const reloadOnce = async (): Promise<boolean> => {
    if (!(await prepareReload())) return false
    commitReload()
    return true
  }
  // One reload at a time; a request for another while one runs is folded into one more.
  const reload = oneAtATime(reloadOnce)

  let watcher: { close(): void } | null = null
  if (options.watch) {
    watcher = watchDataDir(options.dataDir, WATCH_DEBOUNCE_MS, () => void reload())
    app.log.info({ dataDir: options.dataDir }, 'watching the data directory')
  }
  const stop = async (): Promise<void> => {
    stopping = true
    watcher?.close()
    await app.close()
    await cacheSaving
  }
  return { app, url, holder, reload, prepareReload, commitReload, discardReload, stop }
}

/** Signals: SIGHUP reloads; SIGTERM/SIGINT stop gracefully, cut short after the grace period. */
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

/**
 * Starts the server as the options say: in this process, or — with several workers — as the
 * primary of that many worker processes, each of which comes back here as a worker. Resolves
 * with the URL once serving.
 */
export async function runServer(options: ServerOptions): Promise<string> {
  const workers = options.workers ?? 1
  if (workers > 1 && cluster.isPrimary) {
    const { runPrimary } = await import('./server-primary.ts')
    return runPrimary(options, workers)
  }
  if (cluster.isWorker) {
    // The primary watches and coordinates reloads; a worker only follows.
    const server = await startServer({ ...options, watch: false })
    joinCluster(server)
    handleSignals(server, false)
    return server.url
  }
  const server = await startServer(options)
  handleSignals(server)
  return server.url
}

/** A worker's side of server-primary.ts's messages. */
function joinCluster(server: RunningServer): void {
  // The primary may be gone (stopping): a message to it is then moot, never a crash.
  const tell = (message: ClusterMessage) => {
    if (process.connected) process.send?.(message, undefined, {}, () => {})
  }
  let othersReady = false
  server.holder.readyWhen(() => othersReady)
  const waiting = new Map<number, (snapshots: MetricsSnapshot[]) => void>()
  let nextId = 0
  server.app.metrics.gatherWith(
    () =>
      new Promise((resolve) => {
        const id = ++nextId
        waiting.set(id, resolve)
        tell({ type: 'compat:gather', id })
      }),
  )
  process.on('message', (message: ClusterMessage) => {
    switch (message.type) {
      case 'compat:all-ready':
        othersReady = message.value
        break
      case 'compat:prepare':
        void server.prepareReload().then((ok) => {
          tell({ type: 'compat:prepared', id: message.id, ok })
        })
        break
      case 'compat:commit':
        server.commitReload()
        break
      case 'compat:discard':
        server.discardReload(message.reason)
        break
      case 'compat:snapshot':
        void server.app.metrics.snapshot().then((snapshot) => {
          tell({
            type: 'compat:snapshot-of',
            id: message.id,
            snapshot,
          } satisfies ClusterMessage)
        })
        break
      case 'compat:gathered':
        waiting.get(message.id)?.(message.snapshots)
        waiting.delete(message.id)
        break
    }
  })
  tell({ type: 'compat:ready', url: server.url })
}

/** Exit code of every start-up error, here and in `compat serve` (docs/operations.md). */
export const STARTUP_ERROR_EXIT_CODE = 3

/** What went wrong at start-up, in words that say what to change. */
export function describeStartupError(error: unknown): string {
  const { code, address, port } = error as NodeJS.ErrnoException & {
    address?: string
    port?: number
  }
  if (code === 'EADDRINUSE') {
    return `port ${port} on ${address} is already in use; stop what listens there, or choose another port (PORT, --port)`
  }
  if (code === 'EACCES' && port !== undefined) {
    return `not allowed to listen on port ${port} on ${address}; choose a port above 1023 (PORT, --port)`
  }
  if (code === 'EADDRNOTAVAIL') {
    return `this machine has no address ${address} to listen on; set HOST (--host) to one of its addresses`
  }
  return (error as Error).message
}

/** The server as `npm start` runs it: settings from the environment, errors as one line. */
export async function main(): Promise<void> {
  try {
    await runServer(optionsFromEnvironment(process.env))
  } catch (error) {
    console.error(`compat: cannot start: ${describeStartupError(error)}`)
    process.exit(STARTUP_ERROR_EXIT_CODE)
  }
}

// Run from the sources (`tsx src/server.ts`); dist/server.js, the compiled entry, calls main.
if (process.argv[1] === fileURLToPath(import.meta.url)) void main()
