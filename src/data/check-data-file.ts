/**
 * One data file, read and judged on its own: parsed, validated by every document rule, each
 * fault located at its line and column. The unit of work that worker threads share out.
 */
import { validateDocument } from '../core/dataset/validate-document.ts'
import { locator } from './locate-path.ts'
import type { LocatedFault } from './located-fault.ts'
import { parseDataFile } from './parse-data-file.ts'

export interface FileCheck {
  readonly file: string
  /** File name without extension: must equal the document id. */
  readonly fileId: string
  /** The parsed document; null when the file could not be parsed. */
  readonly document: unknown
  readonly faults: readonly LocatedFault[]
}

export function checkDataFile(file: string, fileId: string, text: string): FileCheck {
  const parsed = parseDataFile(file, text)
  if (parsed.faults !== undefined) return { file, fileId, document: null, faults: parsed.faults }
  return checkParsedDocument(file, fileId, parsed.document, text)
}

/** The checks after parsing, for a document parsed earlier (parsed-file-cache.ts). */
export function checkParsedDocument(
  file: string,
  fileId: string,
  document: unknown,
  text: string,
): FileCheck {
  const faults = validateDocument(document, fileId)
  if (faults.length === 0) return { file, fileId, document, faults: [] }
  const locate = locator(text)
  return {
    file,
    fileId,
    document,
    faults: faults.map((fault) => ({ file, ...locate(fault.path), ...fault })),
  }
}

/**
 * The document as the JSON text it crosses threads as. An empty file parses to undefined,
 * which JSON has not: it crosses as null (its faults were found before).
 */
export function documentJson(document: unknown): string {
  return JSON.stringify(document ?? null)
}
