/** The data directory loaded as a server loads it: through the parse cache, when there is one. */
import { dataDirsOf } from '../data/data-dirs.ts'
import { formatFault, sortFaults } from '../data/format-fault.ts'
import { type LoadResult, loadDataset } from '../data/load-dataset.ts'
import { ParsedFileCache } from '../data/parsed-file-cache.ts'
import type { ServerOptions } from './settings.ts'

/**
 * Loads the data directory through the parse cache, when there is one; the caller saves it.
 * A reload (in the background) records into the cache without reading it: every file found
 * there would be read and validated on the serving thread as fast as it can go,
 * while parsing in low-priority workers paces that work (at 200,000 entries the p99 latency
 * while reloading rose from 8 to 54 ms), and reading the file alone would hold that thread.
 */
export async function loadWithCache(
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

/** Every fault of a dataset that cannot be served, one a line, as the start-up error says it. */
export function describeFaults(dataDir: string, faults: Parameters<typeof sortFaults>[0]): string {
  const lines = sortFaults(faults).map((fault) => formatFault(fault, process.cwd()))
  return `the dataset in ${dataDir} has ${lines.length} fault(s):\n${lines.join('\n')}`
}
