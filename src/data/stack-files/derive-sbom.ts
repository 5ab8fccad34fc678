/**
 * A posted SBOM to the stack it derives, all of it work for a worker thread: decoding,
 * parsing, reading and matching thousands of components. What crosses back to the thread
 * that answers is small or cheap to hand over: the stack (at most as many components as the
 * dataset has projects) and the rest of the answer as UTF-8 JSON bytes, ready to be written
 * (bytes move between threads without a copy; a string would be copied, and encoded again).
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
       * `"derivedFrom":…,"matches":…,"unmatched":…,"duplicates":…` in UTF-8: the answer's
       * fields after the stack's (docs/api.md, "Stacks from files"), in its schema's order.
       */
      readonly derivedFields: Uint8Array
    }
  | DerivedFault

/** A file that does not read as its format: its first faults, and how many it has. */
export interface DerivedFault {
  readonly ok: false
  readonly faults: readonly StackFileFault[]
  readonly faultCount: number
}

const encoder = new TextEncoder()

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
  return { ok: true, components, derivedFields: encoder.encode(fields.slice(1, -1)) }
}

/** A file read (of any format) to the stack it derives, or its faults. */
export function derivedFrom(
  read: ReadStackFile,
  matcher: ComponentMatcher,
): { readonly ok: true; readonly stack: DerivedStack } | DerivedFault {
  if (!read.ok) return { ok: false, faults: read.faults, faultCount: read.faultCount }
  return { ok: true, stack: deriveStack(matcher, read.stack) }
}
