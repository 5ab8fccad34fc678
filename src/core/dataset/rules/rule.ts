import type { Fault } from '../fault.ts'

/** One validation rule: looks at a whole document and returns every fault it finds. */
export interface DocumentRule {
  readonly name: string
  readonly description: string
  check(document: unknown, fileId: string): Fault[]
}
