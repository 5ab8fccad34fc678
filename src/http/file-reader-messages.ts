/**
 * What the thread that answers and the file reader's worker say to each other
 * (file-reader-pool.ts, file-reader-worker.ts).
 */
import type { MatcherData } from '../core/identifiers/component-matcher.ts'
import type { StackAnswer } from '../core/stack/stack-answer.ts'
import type { ReadPackagesOfFile } from '../data/readiness-inputs/packages-of-file.ts'
import type { PostedFormat } from '../data/readiness-inputs/read-posted-file.ts'
import type { DerivedFault } from '../data/stack-files/derive-sbom.ts'
import type { PostedFileFormat } from '../data/stack-files/read-sbom.ts'
import type { StackFileFormat } from '../data/stack-files/stack-file.ts'
import type { ReadinessOutcome } from '../site/readiness-markup.ts'
import type { Encoding } from './cached-body.ts'
import type { FilePageContext } from './render-file-page.ts'

/** The dataset a request is matched against, and its names when the worker lacks them. */
export interface MatchedAgainst {
  /** The dataset's generation: the worker keeps the matcher of the last one it was sent. */
  readonly generation: number
  /** That generation's names and purls, sent once per generation. */
  readonly matcher?: MatcherData
}

export type FileReaderRequest =
  /**
   * An SBOM posted to the API: its faults, or (when a stack was derived) the stack to judge
   * first; the worker then waits for its verdict and writes the answer.
   */
  | (MatchedAgainst & {
      readonly kind: 'sbom'
      readonly id: number
      readonly bytes: Uint8Array
      readonly format: PostedFileFormat
      /** How the client takes the answer compressed; null: as it is. */
      readonly encoding: Encoding | null
    })
  /** The stack page's form body: the page for it, or first the stack to judge, as above. */
  | (MatchedAgainst & {
      readonly kind: 'form'
      readonly id: number
      readonly body: Uint8Array
      readonly page: FilePageContext
      readonly encoding: Encoding | null
    })
  /**
   * What the file asked for: the stack's own answer (null when the stack
   * holds too many components to judge), and for a form, what readiness answered.
   */
  | {
      readonly kind: 'verdict'
      readonly id: number
      readonly stackAnswer: StackAnswer | null
      readonly readiness?: ReadinessOutcome | null
    }
  /** A file for readiness (`POST /api/v1/readiness`): its npm and PyPI packages, nothing matched. */
  | {
      readonly kind: 'packages'
      readonly id: number
      readonly bytes: Uint8Array
      readonly format: PostedFormat
    }
  /**
   * A body sent as a JSON stack but too large for one: only the format it is of, told from its
   * content, so that the answer can say how to send it.
   */
  | { readonly kind: 'tell'; readonly id: number; readonly bytes: Uint8Array }

/**
 * An answer made in the worker, as UTF-8 bytes, and compressed as the client takes it when
 * that is worth it (bytes are handed over without a copy; the compressing is done at the
 * worker's low priority, not beside the thread that answers).
 */
export interface MadeAnswer {
  readonly identity: Uint8Array
  readonly encoded?: { readonly encoding: Encoding; readonly bytes: Uint8Array }
}

/** A page for a form. */
export interface RenderedFilePage {
  readonly status: 200 | 400 | 413
  readonly html: MadeAnswer
}

/** What came of an SBOM: its faults, a stack larger than allowed, or the answer. */
export type SbomOutcome =
  | DerivedFault
  | { readonly ok: true; readonly tooMany: number }
  | { readonly ok: true; readonly answer: MadeAnswer }

/**
 * What a file derived, for the thread that holds the dataset to judge: the stack (null when it
 * holds more components than a stack may), and for a form asking "Can it take …?", the target
 * and the file's packages.
 */
export interface Judging {
  readonly components: [string, string][] | null
  readonly readiness: { readonly target: string; readonly packages: ReadPackagesOfFile } | null
}

export type FileReaderReply =
  | { readonly id: number; readonly sbom: SbomOutcome }
  | { readonly id: number; readonly page: RenderedFilePage }
  | { readonly id: number; readonly packages: ReadPackagesOfFile }
  /** The format a file claims (broken or not); null for none. */
  | { readonly id: number; readonly told: StackFileFormat | null }
  /** The file derived this: a verdict, please (a `verdict` request). */
  | { readonly id: number; readonly judge: Judging }
  | { readonly id: number; readonly error: string }

/** What the worker posts once its modules are loaded: files may be sent from then on. */
export const WORKER_READY = 'ready'
