/**
 * A data file's check as the loader gets it, and as it crosses from a worker thread: the
 * document as JSON text (what the parse cache keeps) with its summary. The loader reads the
 * document itself only when it compiles the project, which a server does after it is ready.
 */
import { type DocumentSummary, summarizeDocument } from '../core/dataset/summarize-document.ts'
import { documentJson, type FileCheck } from './check-data-file.ts'
import type { LocatedFault } from './located-fault.ts'

export interface CheckedFile {
  readonly file: string
  /** File name without extension: must equal the document id. */
  readonly fileId: string
  readonly faults: readonly LocatedFault[]
  readonly summary: DocumentSummary
  readonly documentJson: string
  /**
   * The document (null when the file could not be parsed): parsed from `documentJson` on each
   * call, or, from the parse cache, the document parsed there to be validated.
   */
  readonly document: () => unknown
  /**
   * The document is in memory already (the parse cache's, parsed to be validated): the loader
   * compiles it at once rather than keep it, several times the size of its compiled form.
   */
  readonly parsed?: true
}

/** A check as it crosses from a worker thread: all but the document's reader. */
export type CheckedFileMessage = Omit<CheckedFile, 'document'>

/** The check's document as JSON text, with its summary: what crosses from a worker. */
export function checkedFileMessage(check: FileCheck): CheckedFileMessage {
  return {
    file: check.file,
    fileId: check.fileId,
    faults: check.faults,
    summary: summarizeDocument(check.document),
    documentJson: documentJson(check.document),
  }
}

/** The check a message carries, its document parsed from the JSON text when asked for. */
export function checkedFileFrom(message: CheckedFileMessage): CheckedFile {
  return { ...message, document: () => JSON.parse(message.documentJson) }
}
