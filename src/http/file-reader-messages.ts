/**
 * What the thread that answers and the file reader's worker say to each other
 * (file-reader-pool.ts, file-reader-worker.ts).
 */
import type { MatcherData } from '../core/identifiers/component-matcher.ts'
import type { DerivedSbom } from '../data/stack-files/derive-sbom.ts'
import type { PostedFileFormat } from '../data/stack-files/read-sbom.ts'
import type { FilePageContext } from './render-file-page.ts'

/** The dataset a request is matched against, and its names when the worker lacks them. */
export interface MatchedAgainst {
  /** The dataset's generation: the worker keeps the matcher of the last one it was sent. */
  readonly generation: number
  /** That generation's names and purls, sent once per generation. */
  readonly matcher?: MatcherData
}

export type FileReaderRequest =
  /** An SBOM posted to the API: its derived stack, or its faults. */
  | (MatchedAgainst & {
      readonly kind: 'sbom'
      readonly id: number
      readonly bytes: Uint8Array
      readonly format: PostedFileFormat
    })
  /**
   * The stack page's form body: the page for it, or (when a stack was derived) the stack to
   * judge first; the worker then waits for its verdict.
   */
  | (MatchedAgainst & {
      readonly kind: 'form'
      readonly id: number
      readonly body: Uint8Array
      readonly page: FilePageContext
    })
  /** The verdict the form's stack asked for: the stack's answer, as the API writes it. */
  | { readonly kind: 'verdict'; readonly id: number; readonly stackAnswer: string }

/** A page for a form, as UTF-8 bytes (handed over without a copy). */
export interface RenderedFilePage {
  readonly status: 200 | 400 | 413
  readonly html: Uint8Array
}

export type FileReaderReply =
  | { readonly id: number; readonly derived: DerivedSbom }
  | { readonly id: number; readonly page: RenderedFilePage }
  /** The form's file derived this stack: its verdict, please (a `verdict` request). */
  | { readonly id: number; readonly judge: [string, string][] }
  | { readonly id: number; readonly error: string }

/** What the worker posts once its modules are loaded: files may be sent from then on. */
export const WORKER_READY = 'ready'
