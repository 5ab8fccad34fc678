/**
 * A posted SBOM to the stack it derives, all of it work for a worker thread: decoding,
 * parsing, reading and matching thousands of components. What crosses back to the thread
 * that answers is small: the stack (at most as many components as the dataset has projects)
 * and the rest of the answer as JSON text, ready to be written.
 */
import type { ComponentMatcher } from '../../core/identifiers/component-matcher.ts'
import { deriveStack } from '../../core/stack/derive-stack.ts'
import { type PostedFileFormat, readSbom } from './read-sbom.ts'
import type { StackFileFault, StackFileFormat } from './stack-file.ts'

export type DerivedSbom =
  | {
      readonly ok: true
      /** The format the file was read as. */
      readonly format: StackFileFormat
      /** The stack: each matched project once, at the version kept, in file order. */
      readonly components: [string, string][]
      /**
       * `"derivedFrom":…,"matches":…,"unmatched":…,"duplicates":…`: the answer's fields after
       * the stack's (docs/api.md, "Stacks from files"), in its schema's order.
       */
      readonly derivedFields: string
    }
  | {
      readonly ok: false
      /** The format the file claims (breaking it); null when it claims none. */
      readonly format: StackFileFormat | null
      readonly faults: readonly StackFileFault[]
    }

/** @example deriveSbom(bytes, 'cyclonedx', matcher).ok */
export function deriveSbom(
  bytes: Uint8Array,
  format: PostedFileFormat,
  matcher: ComponentMatcher,
): DerivedSbom {
  const read = readSbom(bytes, format)
  if (!read.ok) return { ok: false, format: read.format, faults: read.faults }
  const { components, derivedFrom, matches, unmatched, duplicates } = deriveStack(
    matcher,
    read.stack,
  )
  const fields = JSON.stringify({ derivedFrom, matches, unmatched, duplicates })
  return { ok: true, format: read.stack.format, components, derivedFields: fields.slice(1, -1) }
}
