/**
 * Reloading a served dataset: in two steps (prepare, then commit or discard), so that the
 * workers of a cluster swap together or not at all (cluster-primary.ts), and one at a time.
 */
import type { Server as TlsServer } from 'node:https'
import type { FastifyInstance } from 'fastify'
import { formatFault, sortFaults } from '../data/format-fault.ts'
import type { LoadedDataset } from '../data/load-dataset.ts'
import type { ParsedFileCache } from '../data/parsed-file-cache.ts'
import { type CompileFailure, compileInBackground } from '../http/compile-in-background.ts'
import type { DatasetHolder } from '../http/dataset-holder.ts'
import { loadWithCache } from './load-with-cache.ts'
import { oneAtATime } from './one-at-a-time.ts'
import { readTlsCredentials } from './read-tls-credentials.ts'
import type { ServerOptions } from './settings.ts'

export interface DatasetReloads {
  /** Loads the data directory again; swaps it in only when it has no fault. */
  reload(): Promise<boolean>
  /** Loads and validates the data directory again, keeping it aside; false on faults. */
  prepareReload(): Promise<boolean>
  /** Swaps in what prepareReload kept aside. */
  commitReload(): void
  /** Drops what prepareReload kept aside: another worker's reload failed. */
  discardReload(reason: string): void
}

export interface ReloadContext {
  readonly app: FastifyInstance
  readonly holder: DatasetHolder
  readonly options: ServerOptions
  /** Aborted when the server stops: a reload under way then gives up. */
  readonly stopping: AbortSignal
  /** Saves the parse cache a load used (after the ones before it). */
  readonly saveCache: (cache: ParsedFileCache | null) => void
  readonly logCompileFailures: (failures: readonly CompileFailure[]) => void
}

export function datasetReloads(context: ReloadContext): DatasetReloads {
  const { app, holder, options } = context
  // The dataset a prepared reload would serve, with its parse cache's numbers for the log.
  let pending: { loaded: LoadedDataset; cacheStats: ParsedFileCache['stats'] | undefined } | null =
    null

  const reloadCertificate = async (): Promise<void> => {
    if (options.tls === undefined) return
    try {
      ;(app.server as unknown as TlsServer).setSecureContext(await readTlsCredentials(options.tls))
      app.log.info('certificate reloaded')
    } catch (error) {
      app.log.error({ err: error }, 'certificate reload failed; still serving the previous one')
    }
  }
  const prepareReload = async (): Promise<boolean> => {
    await reloadCertificate()
    const { result: next, cache } = await loadWithCache(options, true)
    context.saveCache(cache)
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
    const failures = await compileInBackground(next.loaded.dataset, context.stopping)
    if (failures === null || failures.length > 0) {
      pending = null
      app.metrics.recordReload('failure')
      if (failures !== null) {
        context.logCompileFailures(failures)
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
  // One reload at a time; a request for another while one runs is folded into one more.
  const reload = oneAtATime(async (): Promise<boolean> => {
    if (!(await prepareReload())) return false
    commitReload()
    return true
  })
  return { reload, prepareReload, commitReload, discardReload }
}
