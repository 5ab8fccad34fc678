/**
 * Derives stacks from posted SBOMs in a worker thread, started at the first SBOM and kept:
 * parsing and matching a 4 MiB document takes far longer than answering a check, and the
 * thread that answers must not stop for it (docs/api.md, "Stacks from files"). One worker reads
 * one SBOM at a time; a few more may wait, and beyond them the server is busy.
 */
import { Worker } from 'node:worker_threads'
import type { Dataset } from '../../core/dataset/build-dataset.ts'
import { componentMatcher } from '../../core/identifiers/component-matcher.ts'
import { SBOM_WORKER } from '../../package-files.ts'
import type { ReadPackagesOfFile } from '../lockfiles/packages-of-file.ts'
import { type PostedFormat, readPostedFile } from '../lockfiles/read-posted-file.ts'
import { type DerivedSbom, deriveSbom } from './derive-sbom.ts'
import type { PostedFileFormat } from './read-sbom.ts'
import type { PackagesRequestMessage, SbomReplyMessage, SbomRequestMessage } from './sbom-worker.ts'

/** Thrown by `read` when as many SBOMs as allowed are being read or waiting. */
export class SbomReaderBusyError extends Error {
  readonly waiting: number

  constructor(waiting: number) {
    super(`${waiting} SBOMs are being read already`)
    this.waiting = waiting
  }
}

interface Pending {
  /** One map holds both kinds of answer; each request's own promise is resolved with its kind. */
  readonly resolve: (answer: unknown) => void
  readonly reject: (error: Error) => void
}

export interface SbomReaderOptions {
  /** SBOMs read or waiting at once; one more is refused. */
  readonly maxWaiting?: number
  /** Read in this thread, each in its own turn of the event loop (where workers cannot start). */
  readonly inline?: boolean
}

const DEFAULT_MAX_WAITING = 4

export class SbomReader {
  readonly #maxWaiting: number
  readonly #inline: boolean
  readonly #pending = new Map<number, Pending>()
  readonly #generations = new WeakMap<Dataset, number>()
  #worker: Worker | null = null
  /** The generation whose matcher the worker holds. */
  #workerGeneration = -1
  #nextGeneration = 0
  #nextId = 0
  #inlineWaiting = 0

  constructor(options: SbomReaderOptions = {}) {
    this.#maxWaiting = options.maxWaiting ?? DEFAULT_MAX_WAITING
    this.#inline = options.inline ?? false
  }

  /** The stack `bytes` derive against `dataset`; rejects with `SbomReaderBusyError` when full. */
  read(bytes: Uint8Array, format: PostedFileFormat, dataset: Dataset): Promise<DerivedSbom> {
    const waiting = this.#pending.size + this.#inlineWaiting
    if (waiting >= this.#maxWaiting) return Promise.reject(new SbomReaderBusyError(waiting))
    if (this.#inline) return this.#readInline(bytes, format, dataset)
    const worker = this.#startedWorker()
    const generation = this.#generationOf(dataset)
    const id = this.#nextId++
    const message: SbomRequestMessage = {
      id,
      bytes,
      format,
      generation,
      ...(generation === this.#workerGeneration ? {} : { matcher: componentMatcher(dataset).data }),
    }
    this.#workerGeneration = generation
    return new Promise<DerivedSbom>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (answer: unknown) => void, reject })
      worker.ref()
      worker.postMessage(message)
    })
  }

  /**
   * A posted file's npm and PyPI packages, for readiness (read as `format` says, or told from
   * its content); rejects with `SbomReaderBusyError` when full.
   */
  readPackages(bytes: Uint8Array, format: PostedFormat): Promise<ReadPackagesOfFile> {
    const waiting = this.#pending.size + this.#inlineWaiting
    if (waiting >= this.#maxWaiting) return Promise.reject(new SbomReaderBusyError(waiting))
    if (this.#inline) {
      this.#inlineWaiting++
      return new Promise((resolve, reject) =>
        setImmediate(() => {
          this.#inlineWaiting--
          try {
            resolve(readPostedFile(bytes, format))
          } catch (error) {
            reject(error)
          }
        }),
      )
    }
    const worker = this.#startedWorker()
    const id = this.#nextId++
    const message: PackagesRequestMessage = { id, kind: 'packages', bytes, format }
    return new Promise<ReadPackagesOfFile>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (answer: unknown) => void, reject })
      worker.ref()
      worker.postMessage(message)
    })
  }

  /** Ends the worker; SBOMs still being read fail. */
  async close(): Promise<void> {
    const worker = this.#worker
    this.#worker = null
    this.#failAll(new Error('the SBOM reader was closed'))
    await worker?.terminate()
  }

  #readInline(bytes: Uint8Array, format: PostedFileFormat, dataset: Dataset): Promise<DerivedSbom> {
    this.#inlineWaiting++
    return new Promise((resolve, reject) =>
      setImmediate(() => {
        this.#inlineWaiting--
        try {
          resolve(deriveSbom(bytes, format, componentMatcher(dataset).matcher))
        } catch (error) {
          reject(error)
        }
      }),
    )
  }

  #generationOf(dataset: Dataset): number {
    let generation = this.#generations.get(dataset)
    if (generation === undefined) {
      generation = this.#nextGeneration++
      this.#generations.set(dataset, generation)
    }
    return generation
  }

  #startedWorker(): Worker {
    if (this.#worker !== null) return this.#worker
    const worker = new Worker(SBOM_WORKER)
    this.#workerGeneration = -1
    worker.on('message', (reply: SbomReplyMessage) => {
      const pending = this.#pending.get(reply.id)
      this.#pending.delete(reply.id)
      // An idle worker does not keep the process alive.
      if (this.#pending.size === 0) worker.unref()
      if (pending === undefined) return
      if ('error' in reply) pending.reject(new Error(`reading the SBOM failed: ${reply.error}`))
      else pending.resolve('derived' in reply ? reply.derived : reply.packages)
    })
    const lost = (error: Error) => {
      if (this.#worker !== worker) return
      this.#worker = null
      this.#failAll(error)
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(new Error(`the SBOM worker ended (exit code ${code})`)))
    this.#worker = worker
    return worker
  }

  #failAll(error: Error): void {
    for (const pending of this.#pending.values()) pending.reject(error)
    this.#pending.clear()
  }
}
