/** A worker thread that checks data files (parse, validate, locate faults) for `check-files.ts`. */
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { checkDataFile } from './check-data-file.ts'
import { checkedFileMessage } from './checked-file.ts'

export interface CheckRequestMessage {
  readonly id: number
  readonly file: string
  readonly fileId: string
  readonly text: string
}

export interface CheckWorkerData {
  /** True while the process is serving (a reload): the worker must not slow the answers. */
  readonly background: boolean
}

// Nice 5: about a quarter of a core when the serving thread wants all of it, so a reload
// under full load still finishes in a few times its unloaded duration.
const RELOAD_NICE = 5

// On Linux a nice value belongs to a thread, and 0 names the calling one: a reload's parsing
// then takes only the CPU time the serving thread leaves, on a machine with few cores. Where
// that is refused or means the whole process, the worker keeps its priority.
if ((workerData as CheckWorkerData | null)?.background === true && process.platform === 'linux') {
  try {
    setPriority(RELOAD_NICE)
  } catch {
    // Not permitted here: parse at normal priority.
  }
}

// Told once every import above has loaded: until then, the worker might not work here.
parentPort?.postMessage({ ready: true })

// The document crosses to the main thread as JSON text, with a summary: the main thread, the
// busy one, parses that text only when it compiles the project, and parsing JSON is several
// times cheaper than deserializing the same object graph.
parentPort?.on('message', ({ id, file, fileId, text }: CheckRequestMessage) => {
  parentPort?.postMessage({ id, check: checkedFileMessage(checkDataFile(file, fileId, text)) })
})
