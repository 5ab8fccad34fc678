/**
 * A posted SBOM to the stack it derives, all of it work for a worker thread: decoding,
 * parsing, reading and matching thousands of components: the derived stack (at most as many
 * components as the dataset has projects) with what it was derived from.
 */
import type { ComponentMatcher } from '../../core/identifiers/component-matcher.ts'
import { type DerivedStack, deriveStack } from '../../core/stack/derive-stack.ts'
import { type PostedFileFormat, readSbom } from './read-sbom.ts'
import type { ReadStackFile, StackFileFault } from './stack-file.ts'

export type DerivedSbom =
  | {
      readonly ok: true
      /**
       * Each matched project once, at the version kept, in file order (`components`), and the
       * answer's fields after the stack's (docs/api.md, "Stacks from files").
       */
      readonly stack: DerivedStack
    }
  | DerivedFault

/** A file that does not read as its format: its first faults, and how many it has. */
export interface DerivedFault {
  readonly ok: false
  readonly faults: readonly StackFileFault[]
  readonly faultCount: number
}

/** @example deriveSbom(bytes, 'cyclonedx', matcher).ok */
export function deriveSbom(
  bytes: Uint8Array,
  format: PostedFileFormat,
  matcher: ComponentMatcher,
): DerivedSbom {
  return derivedFrom(readSbom(bytes, format), matcher)
}

/** A file read (of any format) to the stack it derives, or its faults. */
export function derivedFrom(
  read: ReadStackFile,
  matcher: ComponentMatcher,
): { readonly ok: true; readonly stack: DerivedStack } | DerivedFault {
  if (!read.ok) return { ok: false, faults: read.faults, faultCount: read.faultCount }
  return { ok: true, stack: deriveStack(matcher, read.stack) }
}
