import type { Fault } from '../fault.ts'

/**
 * One validation rule: looks at a whole, possibly malformed document and returns every fault
 * it finds (never throws, never stops at the first).
 */
export type DocumentRule = (document: unknown, fileId: string) => Fault[]
