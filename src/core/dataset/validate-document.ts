/** Runs every document rule and returns all faults, in rule order. */
import type { Fault } from './fault.ts'
import { DOCUMENT_RULES } from './rules/index.ts'

export function validateDocument(document: unknown, fileId: string): Fault[] {
  return DOCUMENT_RULES.flatMap((rule) => rule(document, fileId))
}
