/** A worker thread that reads posted SBOMs (`readSbom`) for `sbom-reader.ts`. */
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { readSbom, type SbomFormat } from './read-sbom.ts'

export interface SbomRequestMessage {
  readonly id: number
  readonly bytes: Uint8Array
  readonly format: SbomFormat
}

// Below the serving thread, as a reload's workers are: on a machine with few cores, a large
// SBOM is read with the CPU the answers leave, and the answers keep their latency.
if (process.platform === 'linux') {
  try {
    setPriority(5)
  } catch {
    // Not permitted here: read at normal priority.
  }
}

parentPort?.postMessage({ ready: true })

parentPort?.on('message', ({ id, bytes, format }: SbomRequestMessage) => {
  let read: ReturnType<typeof readSbom>
  try {
    read = readSbom(bytes, format)
  } catch (error) {
    // A reader's bug must not end the worker; the request gets a 500.
    parentPort?.postMessage({ id, error: String((error as Error)?.stack ?? error) })
    return
  }
  parentPort?.postMessage({ id, read })
})
