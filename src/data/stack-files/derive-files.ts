/**
 * The stack of the files of one deployment, posted together to the stack page (a cluster's
 * `helm list -o json` and its `kubectl version -o json`): each read apart, its format told from
 * its content, and their stacks merged as `--from` merges them (docs/web.md, "The stack page";
 * docs/cli.md, "Stacks from files"). Work for the file reader's worker thread.
 */
import type { ComponentMatcher } from '../../core/identifiers/component-matcher.ts'
import type { DerivedStack } from '../../core/stack/derive-stack.ts'
import { type DerivedFault, derivedFrom } from './derive-sbom.ts'
import { detectStackFile } from './detect-stack-file.ts'
import { conflictMessage, type DerivedFile, mergeDerivedStacks } from './merge-derived-stacks.ts'
import type { StackFile, StackFileFault } from './stack-file.ts'

export type DerivedFiles =
  /**
   * The stack: one file's, or the files' merged (each project once, at the version the files
   * agree on; what was matched, left out and found twice, every file's in order). With several
   * files, what each derived.
   */
  | { readonly ok: true; readonly stack: DerivedStack; readonly files: readonly DerivedFile[] }
  /** A file that does not read as its format: its faults, each located in its file. */
  | DerivedFault
  /** Files that name one project at different versions. */
  | { readonly ok: false; readonly conflict: string }

/** Faults shown of all the files at most: the first file's first faults say enough. */
const MAX_FAULTS = 100

/** @example deriveFiles(['[…helm list…]', '{…kubectl version…}'], matcher).ok */
export function deriveFiles(texts: readonly string[], matcher: ComponentMatcher): DerivedFiles {
  // The server reads what it is given: a requirements file's includes are not followed.
  const reads = texts.map((text) => detectStackFile(text))
  const [only] = reads
  if (reads.length === 1 && only !== undefined) {
    const derived = derivedFrom(only, matcher)
    return derived.ok ? { ok: true, stack: derived.stack, files: [] } : derived
  }
  const faults: StackFileFault[] = []
  let faultCount = 0
  const found: { file: string; stack: StackFile }[] = []
  reads.forEach((read, index) => {
    const file = fileName(index)
    if (read.ok) {
      found.push({ file, stack: read.stack })
      return
    }
    faultCount += read.faultCount
    for (const fault of read.faults) {
      if (faults.length === MAX_FAULTS) break
      const location = fault.location === '' ? file : `${file}, ${fault.location}`
      faults.push({ ...fault, location })
    }
  })
  if (faults.length > 0) return { ok: false, faults, faultCount }
  const merged = mergeDerivedStacks(matcher, found)
  if (!merged.ok) return { ok: false, conflict: conflictMessage(merged.conflicts) }
  const { files } = merged
  const stack: DerivedStack = {
    components: merged.components.map(({ project, version }) => [project, version]),
    derivedFrom: (files[0] as DerivedFile).derivedFrom,
    matches: files.flatMap((file) => file.matches),
    unmatched: files.flatMap((file) => file.unmatched),
    duplicates: files.flatMap((file) => file.duplicates),
  }
  return { ok: true, stack, files }
}

/** `file 2`: how the page names a file of several (a box has no file name). */
function fileName(index: number): string {
  return `file ${index + 1}`
}
