/** A worker thread that checks data files (parse, validate, locate faults) for `check-files.ts`. */
import { parentPort } from 'node:worker_threads'
import { checkDataFile } from './check-data-file.ts'

export interface CheckRequestMessage {
  readonly id: number
  readonly file: string
  readonly fileId: string
  readonly text: string
}

// Told once every import above has loaded: until then, the worker might not work here.
parentPort?.postMessage({ ready: true })

// The document crosses to the main thread as JSON text: parsing JSON there is several times
// cheaper than deserializing the same object graph, and the main thread is the busy one.
parentPort?.on('message', ({ id, file, fileId, text }: CheckRequestMessage) => {
  const check = checkDataFile(file, fileId, text)
  parentPort?.postMessage({ id, check: { ...check, document: JSON.stringify(check.document) } })
})
