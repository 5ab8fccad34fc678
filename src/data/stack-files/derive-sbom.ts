/**
 * A posted SBOM to the stack it derives, all of it work for a worker thread: decoding,
 * parsing, reading and matching thousands of components: the stack (at most as many components
 * as the dataset has projects) and the rest of the answer as JSON text, ready to be written.
 */
import type { ComponentMatcher } from '../../core/identifiers/component-matcher.ts'
import { type DerivedStack, deriveStack } from '../../core/stack/derive-stack.ts'
import { type PostedFileFormat, readSbom } from './read-sbom.ts'
import type { ReadStackFile, StackFileFault } from './stack-file.ts'

export type DerivedSbom =
  | {
      readonly ok: true
      /** The stack: each matched project once, at the version kept, in file order. */
      readonly components: [string, string][]
      /**
       * `"derivedFrom":…,"matches":…,"unmatched":…,"duplicates":…`: the answer's fields after
       * the stack's (docs/api.md, "Stacks from files"), in its schema's order.
       */
      readonly derivedFields: string
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
  const derived = derivedFrom(readSbom(bytes, format), matcher)
  if (!derived.ok) return derived
  const { components, derivedFrom: from, matches, unmatched, duplicates } = derived.stack
  const fields = JSON.stringify({ derivedFrom: from, matches, unmatched, duplicates })
  return { ok: true, components, derivedFields: fields.slice(1, -1) }
}

/** A file read (of any format) to the stack it derives, or its faults. */
export function derivedFrom(
  read: ReadStackFile,
  matcher: ComponentMatcher,
): { readonly ok: true; readonly stack: DerivedStack } | DerivedFault {
  if (!read.ok) return { ok: false, faults: read.faults, faultCount: read.faultCount }
  return { ok: true, stack: deriveStack(matcher, read.stack) }
}
