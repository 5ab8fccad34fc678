/**
 * Runs `checkDataFile` over many files: in worker threads when the dataset is large, so that
 * parsing uses every core and the main thread stays free to answer requests during a reload;
 * in this thread, yielding between files, when it is small or workers cannot start.
 */
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { summarizeDocument } from '../core/dataset/summarize-document.ts'
import { CHECK_FILES_WORKER, FROM_SOURCES } from '../package-files.ts'
import { checkDataFile, checkParsedDocument } from './check-data-file.ts'
import type { CheckRequestMessage, CheckWorkerData } from './check-files-worker.ts'
import {
  type CheckedFile,
  type CheckedFileMessage,
  checkedFileFrom,
  checkedFileMessage,
} from './checked-file.ts'
import { type ParsedFileCache, textHash } from './parsed-file-cache.ts'

export interface FileToCheck {
  readonly file: string
  readonly fileId: string
  readonly text: string
}

export interface FileChecker {
  check(file: FileToCheck): Promise<CheckedFile>
  close(): Promise<void>
}

/**
 * Checks in this thread; each check runs in its own turn of the event loop. The document
 * is kept as JSON text, as a worker's is: the parser's strings are slices of the file's
 * text, and one note kept in the dataset would keep the whole file alive.
 */
export function inlineChecker(): FileChecker {
  return {
    check: (file) =>
      new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            resolve(
              checkedFileFrom(checkedFileMessage(checkDataFile(file.file, file.fileId, file.text))),
            )
          } catch (error) {
            reject(error)
          }
        }),
      ),
    close: async () => {},
  }
}

/**
 * Worker threads when `files` reaches `threshold` (or always, or never), started on the first
 * file that must be parsed: a load whose every file is in the parse cache starts none.
 * Falls back to this thread when workers cannot start here.
 */
export function lazyChecker(options: {
  readonly workers: 'auto' | 'always' | 'never'
  readonly files: number
  readonly threshold: number
  readonly background: boolean
}): FileChecker {
  const inline = inlineChecker()
  const useWorkers =
    options.workers === 'always' ||
    (options.workers === 'auto' && options.files >= options.threshold)
  let pool: Promise<FileChecker> | null = null
  return {
    check(file) {
      if (!useWorkers) return inline.check(file)
      pool ??= workerChecker({ background: options.background }).then(
        (started) => started ?? inline,
      )
      return pool.then((checker) => checker.check(file))
    },
    close: async () => {
      await (await pool)?.close()
    },
  }
}

/**
 * Checks through `cache`: a file found there is only validated; any other is checked by
 * `checker` and, when it has no fault, recorded.
 */
export function cachingChecker(checker: FileChecker, cache: ParsedFileCache): FileChecker {
  return {
    async check(file) {
      const hash = textHash(file.text)
      const cached = cache.lookup(hash)
      if (cached === undefined) {
        const check = await checker.check(file)
        if (check.faults.length === 0) cache.record(hash, check.documentJson)
        return check
      }
      // Its own turn of the event loop, as a parse is: a reload never holds the server long.
      await new Promise(setImmediate)
      const { document, faults } = checkParsedDocument(
        file.file,
        file.fileId,
        cached.document,
        file.text,
      )
      return {
        file: file.file,
        fileId: file.fileId,
        faults,
        summary: summarizeDocument(document),
        documentJson: cached.documentJson,
        document: () => document,
        parsed: true,
      }
    },
    close: () => checker.close(),
  }
}

// The worker runs the same code as this module: compiled JavaScript as it is, or, from a
// checkout, the TypeScript sources bundled in memory with esbuild (a dev dependency), as the
// web page's are. Loading them through tsx instead cost each worker over two seconds of CPU,
// most of it resolving TypeBox's module tree.
function newWorker(workerData: CheckWorkerData, sourceBundle: string | null): Worker {
  const options = { workerData, resourceLimits: WORKER_HEAP }
  if (sourceBundle === null) return new Worker(CHECK_FILES_WORKER, options)
  return new Worker(sourceBundle, { ...options, eval: true })
}

/**
 * A worker parses file after file, and what it makes of one is garbage by the next: a young
 * generation of 16 MB collects that cheaply. Larger, the memory the workers leave when they
 * end is released only seconds after the server is ready (at 200,000 entries the RSS when
 * ready was 415 MiB with 32 MB semi-spaces, 345 MiB with this); smaller, more of each parse
 * outlives a collection and start-up is slower (docs/performance.md, "At scale").
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 16 }

let bundled: Promise<string> | undefined

/** The worker's sources as one CommonJS script, made once per process. */
function workerSourceBundle(): Promise<string> {
  bundled ??= import('esbuild').then(async (esbuild) => {
    const result = await esbuild.build({
      entryPoints: [fileURLToPath(CHECK_FILES_WORKER)],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    })
    return (result.outputFiles[0] as { text: string }).text
  })
  return bundled
}

/**
 * Checks in `threads` worker threads (default: one per core, or one fewer when the main
 * thread must keep serving). Resolves to null when workers cannot start here (for example
 * when TypeScript is loaded by a loader that workers do not inherit).
 */
export async function workerChecker(options: { background: boolean }): Promise<FileChecker | null> {
  const cores = availableParallelism()
  // On one core, workers only pay off when the main thread must stay free (a reload).
  if (cores === 1 && !options.background) return null
  const threads = Math.max(1, Math.min(8, options.background ? cores - 1 : cores))
  const workerData: CheckWorkerData = { background: options.background }
  let sourceBundle: string | null = null
  if (FROM_SOURCES) {
    try {
      sourceBundle = await workerSourceBundle()
    } catch {
      return null
    }
  }
  const started = await Promise.allSettled(
    Array.from({ length: threads }, () => startWorker(workerData, sourceBundle)),
  )
  const workers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  if (workers.length < threads) {
    await Promise.all(workers.map((worker) => worker.terminate()))
    return null
  }
  const pending = new Map<
    number,
    { resolve: (check: CheckedFile) => void; reject: (error: Error) => void }
  >()
  const load = new Map<Worker, number>(workers.map((worker) => [worker, 0]))
  let nextId = 0
  for (const worker of workers) {
    worker.on('message', ({ id, check }: { id: number; check: CheckedFileMessage }) => {
      load.set(worker, (load.get(worker) ?? 1) - 1)
      pending.get(id)?.resolve(checkedFileFrom(check))
      pending.delete(id)
    })
    worker.on('error', (error) => {
      for (const waiting of pending.values()) waiting.reject(error)
      pending.clear()
    })
  }
  return {
    check(file) {
      const id = nextId++
      let idlest = workers[0] as Worker
      for (const worker of workers) {
        if ((load.get(worker) ?? 0) < (load.get(idlest) ?? 0)) idlest = worker
      }
      load.set(idlest, (load.get(idlest) ?? 0) + 1)
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        const message: CheckRequestMessage = { id, ...file }
        idlest.postMessage(message)
      })
    },
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()))
    },
  }
}

function startWorker(workerData: CheckWorkerData, sourceBundle: string | null): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = newWorker(workerData, sourceBundle)
    worker.once('message', () => {
      worker.off('error', reject)
      resolve(worker)
    })
    worker.once('error', reject)
  })
}
