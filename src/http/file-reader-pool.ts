/**
 * Reads posted files in a worker thread, started at the first file and kept: SBOMs posted to
 * the API (`POST /api/v1/stack`), and the stack page's file form (`POST /stack`), read and
 * rendered there too. Parsing and matching a 4 MiB file, or drawing its page, takes far longer
 * than answering a check, and the thread that answers must not stop for it (docs/api.md,
 * "Stacks from files"; docs/web.md, "The stack page").
 *
 * One file is read at a time, a few more may wait, and beyond them the server is busy. Each
 * file has a work budget, CPU time in proportion to its size: a file whose reading runs past
 * it ends its worker (a reader stuck in a loop cannot be stopped any other way), is answered
 * 413, and the next file gets a new worker (docs/operations.md, "Limits against abuse").
 */
import { Worker } from 'node:worker_threads'
import type { Dataset } from '../core/dataset/build-dataset.ts'
import { componentMatcher } from '../core/identifiers/component-matcher.ts'
import type { StackAnswer } from '../core/stack/stack-answer.ts'
import type { ReadPackagesOfFile } from '../data/readiness-inputs/packages-of-file.ts'
import type { PostedFormat } from '../data/readiness-inputs/read-posted-file.ts'
import type { PostedFileFormat } from '../data/stack-files/read-sbom.ts'
import type { StackFileFormat } from '../data/stack-files/stack-file.ts'
import { FILE_READER_WORKER } from '../package-files.ts'
import type { ReadinessOutcome } from '../site/readiness-markup.ts'
import type { Encoding } from './cached-body.ts'
import {
  type FileReaderReply,
  type FileReaderRequest,
  type Judging,
  type MatchedAgainst,
  type RenderedFilePage,
  type SbomOutcome,
  WORKER_READY,
} from './file-reader-messages.ts'
import type { FilePageContext } from './render-file-page.ts'
import {
  FILE_WORK_CHECK_INTERVAL_MS,
  fileWorkBudgetMs,
  MAX_FILES_WAITING,
} from './server-limits.ts'

/**
 * Where a thread's CPU time cannot be told (a Node without `worker.cpuUsage`, added in 24.6),
 * how much longer than its budget a file may take by the clock: a file at the lowest priority
 * waits for the CPU the answers leave it.
 */
const WALL_TIME_FACTOR = 10

/** Thrown when as many files as allowed are being read or waiting, or the server is stopping. */
export class FileReaderBusyError extends Error {
  /** The server is stopping: files not yet begun are not read. */
  readonly stopping: boolean

  constructor(stopping: boolean) {
    super(stopping ? 'the server is stopping' : 'files are being read already')
    this.stopping = stopping
  }
}

/** Thrown when a file's reading ran past its work budget (its worker was ended). */
export class FileWorkExceededError extends Error {
  readonly budgetMs: number

  constructor(budgetMs: number) {
    super(`reading the file took more than its ${budgetMs} ms of CPU time`)
    this.budgetMs = budgetMs
  }
}

export interface FileReaderPoolOptions {
  /** Files read or waiting at once; one more is refused. */
  readonly maxWaiting?: number
  /** CPU milliseconds a file of so many bytes may take. */
  readonly workBudgetMs?: (bytes: number) => number
  /** How often a file's CPU time is looked at. */
  readonly checkIntervalMs?: number
  /** The worker's module (a test gives one that never answers). */
  readonly workerUrl?: URL
}

/** A file's reading: the messages it sends the worker, and what it makes of the replies. */
interface Job {
  readonly bytes: number
  /** The dataset it is matched against; null for a file nothing is matched in. */
  readonly dataset: Dataset | null
  /** The first message, with its id and what the worker lacks of the dataset. */
  start(id: number, against: MatchedAgainst | null): FileReaderRequest
  /**
   * The worker's reply: the job's next message (made now, or once what it waits for is
   * there), or null when the job is done.
   */
  answer(reply: FileReaderReply): FileReaderRequest | null | Promise<FileReaderRequest | null>
  fail(error: Error): void
}

/** The stack's answer for a stack derived from a file. */
export type Judge = (components: readonly [string, string][]) => StackAnswer

/** What the thread that holds the dataset answers a form: the stack's verdict, readiness. */
export interface FormVerdict {
  readonly stackAnswer: StackAnswer | null
  readonly readiness: ReadinessOutcome | null
}

interface Running {
  readonly job: Job
  readonly id: number
  readonly worker: Worker
  readonly budgetMs: number
  readonly startedAt: number
  /** The worker's CPU time (µs) when the job began; null where Node cannot tell it. */
  readonly startedCpu: Promise<number> | null
}

export class FileReaderPool {
  readonly #maxWaiting: number
  readonly #workBudgetMs: (bytes: number) => number
  readonly #checkIntervalMs: number
  readonly #workerUrl: URL
  readonly #queue: Job[] = []
  readonly #generations = new WeakMap<Dataset, number>()
  #running: Running | null = null
  #worker: Worker | null = null
  /** The worker has loaded its modules (it says so): files may be sent, their CPU time told. */
  #workerReady = false
  /** The generation whose matcher the worker holds. */
  #workerGeneration = -1
  #nextGeneration = 0
  #nextId = 0
  #timer: NodeJS.Timeout | null = null
  #stopping = false

  constructor(options: FileReaderPoolOptions = {}) {
    this.#maxWaiting = options.maxWaiting ?? MAX_FILES_WAITING
    this.#workBudgetMs = options.workBudgetMs ?? fileWorkBudgetMs
    this.#checkIntervalMs = options.checkIntervalMs ?? FILE_WORK_CHECK_INTERVAL_MS
    this.#workerUrl = options.workerUrl ?? FILE_READER_WORKER
  }

  /**
   * What an SBOM's bytes derive against `dataset`: its faults, or its answer (compressed as
   * `encoding` says, when worth it). `judge`: the stack's own answer for the
   * stack derived, asked of the thread that holds the dataset.
   */
  readSbom(
    bytes: Uint8Array,
    format: PostedFileFormat,
    dataset: Dataset,
    encoding: Encoding | null,
    judge: Judge,
  ): Promise<SbomOutcome> {
    return new Promise((resolve, reject) => {
      this.#enqueue({
        bytes: bytes.length,
        dataset,
        start: (id, against) => ({
          kind: 'sbom',
          id,
          bytes,
          format,
          encoding,
          ...matched(against),
        }),
        answer: (reply) => {
          if ('judge' in reply)
            return {
              kind: 'verdict',
              id: reply.id,
              stackAnswer: judge(reply.judge.components ?? []),
            }
          if ('sbom' in reply) resolve(reply.sbom)
          else reject(replyError(reply))
          return null
        },
        fail: reject,
      })
    })
  }

  /**
   * The stack page for a form body posted to it. `judge`: the stack's answer for the stack
   * derived (null when it holds too many to judge), and readiness for the target asked.
   */
  readForm(
    body: Uint8Array,
    dataset: Dataset,
    page: FilePageContext,
    encoding: Encoding | null,
    judge: (judging: Judging) => Promise<FormVerdict>,
  ): Promise<RenderedFilePage> {
    return new Promise((resolve, reject) => {
      this.#enqueue({
        bytes: body.length,
        dataset,
        start: (id, against) => ({ kind: 'form', id, body, page, encoding, ...matched(against) }),
        answer: async (reply) => {
          if ('judge' in reply)
            return { kind: 'verdict', id: reply.id, ...(await judge(reply.judge)) }
          if ('page' in reply) resolve(reply.page)
          else reject(replyError(reply))
          return null
        },
        fail: reject,
      })
    })
  }

  /** A posted file's npm and PyPI packages, for readiness (as `format` says, or told). */
  readPackages(bytes: Uint8Array, format: PostedFormat): Promise<ReadPackagesOfFile> {
    return new Promise((resolve, reject) => {
      this.#enqueue({
        bytes: bytes.length,
        dataset: null,
        start: (id) => ({ kind: 'packages', id, bytes, format }),
        answer: (reply) => {
          if ('packages' in reply) resolve(reply.packages)
          else reject(replyError(reply))
          return null
        },
        fail: reject,
      })
    })
  }

  /** The format a file is of, told from its content (broken or not); null for none. */
  tellFormat(bytes: Uint8Array): Promise<StackFileFormat | null> {
    return new Promise((resolve, reject) => {
      this.#enqueue({
        bytes: bytes.length,
        dataset: null,
        start: (id) => ({ kind: 'tell', id, bytes }),
        answer: (reply) => {
          if ('told' in reply) resolve(reply.told)
          else reject(replyError(reply))
          return null
        },
        fail: reject,
      })
    })
  }

  /** From now on no file is begun: those waiting are refused (the server is stopping). */
  stopTaking(): void {
    this.#stopping = true
    for (const job of this.#queue.splice(0)) job.fail(new FileReaderBusyError(true))
  }

  /** Ends the worker; files still being read or waiting fail. */
  async close(): Promise<void> {
    this.stopTaking()
    const running = this.#running
    this.#finish()
    running?.job.fail(new Error('the file reader was closed'))
    const worker = this.#worker
    this.#worker = null
    await worker?.terminate()
  }

  #enqueue(job: Job): void {
    const waiting = this.#queue.length + (this.#running === null ? 0 : 1)
    if (this.#stopping || waiting >= this.#maxWaiting) {
      job.fail(new FileReaderBusyError(this.#stopping))
      return
    }
    this.#queue.push(job)
    this.#next()
  }

  #next(): void {
    if (this.#running !== null || this.#queue.length === 0) return
    const worker = this.#startedWorker()
    // A new worker loads its modules first (its own cost, not the file's): it says when done.
    if (!this.#workerReady) return
    const job = this.#queue.shift() as Job
    const id = this.#nextId++
    let message: FileReaderRequest
    try {
      message = job.start(id, job.dataset === null ? null : this.#against(job.dataset))
    } catch (error) {
      job.fail(error as Error)
      this.#next()
      return
    }
    this.#running = {
      job,
      id,
      worker,
      budgetMs: this.#workBudgetMs(job.bytes),
      startedAt: performance.now(),
      startedCpu: cpuMicroseconds(worker),
    }
    worker.ref()
    worker.postMessage(message, transferable(message))
    this.#timer = setInterval(() => void this.#checkBudget(), this.#checkIntervalMs)
    this.#timer.unref()
  }

  async #answered(worker: Worker, reply: FileReaderReply): Promise<void> {
    const running = this.#running
    if (running === null || running.worker !== worker || running.id !== reply.id) return
    let next: FileReaderRequest | null
    try {
      const answered = running.job.answer(reply)
      // A job done here is done now: the next file begins before anyone awaiting this one
      // resumes. One that waits (readiness may ask registries) keeps the worker meanwhile.
      next = answered instanceof Promise ? await answered : answered
    } catch (error) {
      running.job.fail(error as Error)
      next = null
    }
    // Ended meanwhile (past its budget, or the reader closed): nothing more to send.
    if (this.#running !== running) return
    if (next !== null) {
      worker.postMessage(next)
      return
    }
    this.#finish()
    this.#next()
  }

  /** Ends the running job's turn: its timer stops, an idle worker keeps nothing alive. */
  #finish(): void {
    this.#running?.worker.unref()
    this.#running = null
    if (this.#timer !== null) clearInterval(this.#timer)
    this.#timer = null
  }

  async #checkBudget(): Promise<void> {
    const running = this.#running
    if (running === null) return
    let spentMs: number
    const wallMs = performance.now() - running.startedAt
    // Where CPU time cannot be told, the time passed stands in for it, generously.
    if (running.startedCpu === null) {
      spentMs = wallMs / WALL_TIME_FACTOR
    } else {
      const [started, now] = await Promise.all([
        running.startedCpu,
        cpuMicroseconds(running.worker) ?? Number.NaN,
      ])
      // A worker that ended meanwhile tells nothing; its end is handled where it is heard.
      if (Number.isNaN(started) || Number.isNaN(now)) return
      spentMs = (now - started) / 1000
    }
    if (this.#running !== running || spentMs <= running.budgetMs) return
    // A reader past its budget cannot be interrupted: its worker is ended, and the next file
    // gets a new one.
    this.#finish()
    this.#lose(running.worker)
    void running.worker.terminate()
    running.job.fail(new FileWorkExceededError(running.budgetMs))
    this.#next()
  }

  #against(dataset: Dataset): MatchedAgainst {
    let generation = this.#generations.get(dataset)
    if (generation === undefined) {
      generation = this.#nextGeneration++
      this.#generations.set(dataset, generation)
    }
    const known = generation === this.#workerGeneration
    this.#workerGeneration = generation
    return known ? { generation } : { generation, matcher: componentMatcher(dataset).data }
  }

  #startedWorker(): Worker {
    if (this.#worker !== null) return this.#worker
    const worker = new Worker(this.#workerUrl)
    this.#workerGeneration = -1
    this.#workerReady = false
    worker.on('message', (reply: FileReaderReply | typeof WORKER_READY) => {
      if (reply !== WORKER_READY) return void this.#answered(worker, reply)
      if (this.#worker !== worker) return
      this.#workerReady = true
      worker.unref()
      this.#next()
    })
    const lost = (error: Error) => {
      if (!this.#lose(worker)) return
      const running = this.#running
      if (running?.worker === worker) {
        this.#finish()
        running.job.fail(error)
      } else if (!this.#workerReady) {
        // A worker that cannot start would fail every file the same way: this one says why.
        this.#queue.shift()?.fail(error)
      }
      this.#next()
    }
    worker.on('error', lost)
    worker.on('exit', (code) =>
      lost(new Error(`the file reader's worker ended (exit code ${code})`)),
    )
    this.#worker = worker
    return worker
  }

  /** Forgets a worker that ended or is being ended; false when it was forgotten already. */
  #lose(worker: Worker): boolean {
    if (this.#worker !== worker) return false
    this.#worker = null
    return true
  }
}

/**
 * A body the request owns alone (a large one, which Fastify joined into a buffer of its own) is
 * handed to the worker without a copy; a view into a shared pool is copied.
 */
function transferable(message: FileReaderRequest): ArrayBuffer[] {
  const bytes =
    message.kind === 'sbom' ? message.bytes : message.kind === 'form' ? message.body : null
  if (bytes === null || !(bytes.buffer instanceof ArrayBuffer)) return []
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? [bytes.buffer]
    : []
}

/** The dataset a job that has one is matched against (`#next` gives it to every such job). */
function matched(against: MatchedAgainst | null): MatchedAgainst {
  if (against === null) throw new Error('a file matched against no dataset')
  return against
}

function replyError(reply: FileReaderReply): Error {
  return new Error(
    `reading the file failed: ${'error' in reply ? reply.error : 'an unexpected reply'}`,
  )
}

/** The worker's CPU time so far, in µs; null where this Node cannot tell it (before 24.6). */
function cpuMicroseconds(worker: Worker): Promise<number> | null {
  const usage = (worker as { cpuUsage?: () => Promise<{ user: number; system: number }> }).cpuUsage
  if (typeof usage !== 'function') return null
  return usage.call(worker).then(
    ({ user, system }) => user + system,
    () => Number.NaN,
  )
}
