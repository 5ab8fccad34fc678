/** Runs every document rule and returns all faults, in rule order. */
import type { Fault } from './fault.ts'
import { DOCUMENT_RULES } from './rules/index.ts'
import { withEntriesListed } from './walk-document.ts'

export function validateDocument(document: unknown, fileId: string): Fault[] {
  return withEntriesListed(document, () => DOCUMENT_RULES.flatMap((rule) => rule(document, fileId)))
}
