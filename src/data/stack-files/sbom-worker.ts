/**
 * A worker thread that derives stacks from posted SBOMs (`deriveSbom`) and reads posted files'
 * packages for readiness (`readPostedFile`), for `sbom-reader.ts`.
 */
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { ComponentMatcher, type MatcherData } from '../../core/identifiers/component-matcher.ts'
import type { ReadPackagesOfFile } from '../lockfiles/packages-of-file.ts'
import { type PostedFormat, readPostedFile } from '../lockfiles/read-posted-file.ts'
import { type DerivedSbom, deriveSbom } from './derive-sbom.ts'
import type { PostedFileFormat } from './read-sbom.ts'

/** A file for readiness: its npm and PyPI packages, nothing matched. */
export interface PackagesRequestMessage {
  readonly id: number
  readonly kind: 'packages'
  readonly bytes: Uint8Array
  readonly format: PostedFormat
}

export interface SbomRequestMessage {
  readonly kind?: undefined
  readonly id: number
  readonly bytes: Uint8Array
  readonly format: PostedFileFormat
  /** The dataset's generation the SBOM is matched against. */
  readonly generation: number
  /** That generation's names and purls, sent once per generation. */
  readonly matcher?: MatcherData
}

export type SbomReplyMessage =
  | { readonly id: number; readonly derived: DerivedSbom }
  | { readonly id: number; readonly packages: ReadPackagesOfFile }
  | { readonly id: number; readonly error: string }

// At the lowest priority: on a machine with few cores, a large SBOM is read with the CPU the
// answers leave, and the answers keep their latency; under a load that saturates the core the
// SBOM waits instead (nice 5 let it add 17 ms to the small answers' p99: docs/performance.md,
// "SBOMs").
if (process.platform === 'linux') {
  try {
    setPriority(19)
  } catch {
    // Not permitted here: read at normal priority.
  }
}

let current: { readonly generation: number; readonly matcher: ComponentMatcher } | null = null

parentPort?.on('message', (message: SbomRequestMessage | PackagesRequestMessage) => {
  const reply = (answer: SbomReplyMessage) => parentPort?.postMessage(answer)
  try {
    if (message.kind === 'packages') {
      reply({ id: message.id, packages: readPostedFile(message.bytes, message.format) })
      return
    }
    if (message.matcher !== undefined) {
      current = { generation: message.generation, matcher: new ComponentMatcher(message.matcher) }
    }
    if (current === null || current.generation !== message.generation) {
      reply({ id: message.id, error: `no matcher for generation ${message.generation}` })
      return
    }
    reply({ id: message.id, derived: deriveSbom(message.bytes, message.format, current.matcher) })
  } catch (error) {
    // A reader's bug must not end the worker: the request gets a 500, the next one an answer.
    reply({ id: message.id, error: String((error as Error)?.stack ?? error) })
  }
})
