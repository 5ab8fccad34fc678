/**
 * What a stack was derived from, in words, before the answer (docs/cli.md, "Stacks from
 * files"): per file its format and counts, every component matched (name → project at the
 * version taken, by purl or name), every one left out with why and the nearest catalogued
 * names, and every name found at several versions. Nothing is dropped: one line a component.
 */

import { formatName } from '../api/file-format-names.ts'
import type { DerivedFile } from '../data/stack-files/merge-derived-stacks.ts'
import { countOf, formatTable } from '../report/format-text.ts'

export interface DescribeOptions {
  /**
   * Every component left out, one line each; else the first ten and how many more (a
   * lockfile leaves hundreds out).
   */
  readonly verbose?: boolean
}

// Components left out listed when not verbose; the rest are counted.
const LEFT_OUT_SHOWN = 10

/**
 * The lines for every file, a blank line between files; a last line when nothing matched.
 *
 * @example describeDerived([file]) // ['releases.json: helm list -o json, 4 components, 2 matched, 2 left out, 1 at several versions', 'MATCHED  …', …]
 */
export function describeDerived(
  files: readonly DerivedFile[],
  { verbose = true }: DescribeOptions = {},
): string[] {
  const lines = files.flatMap((file, index) => [
    ...(index === 0 ? [] : ['']),
    ...describeFile(file, verbose),
  ])
  if (files.every((file) => file.matches.length === 0)) {
    const which = files.length === 1 ? 'the file' : 'the files'
    lines.push(`Nothing in ${which} matched a catalogued project: the stack is empty.`)
  }
  return lines
}

/** `sbom.json: CycloneDX JSON, 812 components, 5 matched, 809 left out`. */
export function describeCounts(file: DerivedFile): string {
  const { derivedFrom, unmatched, duplicates } = file
  const counts = [
    countOf(derivedFrom.components, 'component'),
    `${derivedFrom.matched} matched`,
    ...(unmatched.length === 0 ? [] : [`${unmatched.length} left out`]),
    ...(duplicates.length === 0 ? [] : [`${duplicates.length} at several versions`]),
  ]
  return `${file.file}: ${formatName(derivedFrom.format)}, ${counts.join(', ')}`
}

function describeFile(file: DerivedFile, verbose: boolean): string[] {
  const { matches, duplicates } = file
  const unmatched = verbose ? file.unmatched : file.unmatched.slice(0, LEFT_OUT_SHOWN)
  const more = file.unmatched.length - unmatched.length
  return [
    describeCounts(file),
    ...(matches.length === 0
      ? []
      : formatTable(
          ['MATCHED', 'VERSION', 'PROJECT', 'BY', 'AT'],
          matches.map((match) => [
            match.name,
            match.version,
            match.project,
            match.by,
            where(match.location),
          ]),
        )),
    ...(unmatched.length === 0
      ? []
      : formatTable(
          ['LEFT OUT', 'VERSION', 'AT', 'NEAREST', 'REASON'],
          unmatched.map((item) => [
            item.name ?? '(no name)',
            item.version ?? '-',
            where(item.location),
            item.nearest.length === 0 ? '-' : item.nearest.join(', '),
            item.reason,
          ]),
        )),
    ...(more === 0 ? [] : [`… and ${more} more left out (--verbose lists every one)`]),
    ...(duplicates.length === 0
      ? []
      : formatTable(
          ['SEVERAL VERSIONS', 'KEPT', 'OTHERS', 'REASON'],
          duplicates.map((duplicate) => [
            duplicate.name,
            duplicate.kept,
            duplicate.others
              .map((other) => `${other.version} at ${where(other.location)}`)
              .join(', '),
            duplicate.reason,
          ]),
        )),
  ]
}

/** The empty JSON pointer is the whole file. */
function where(location: string): string {
  return location === '' ? '(the file)' : location
}
