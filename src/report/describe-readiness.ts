/**
 * A readiness answer in words (docs/cli.md, "Readiness"): what was read, a short table of what
 * blocks (each blocker's declared range and the releases it could move to), the range every
 * package admits, for a runtime the newest supported line inside it, and a one-line verdict.
 */

import { formatName } from '../api/file-format-names.ts'
import { statusWords } from '../api/support-status-words.ts'
import type { ReadinessAnswer } from '../core/readiness/readiness-answer.ts'
import { countOf, formatTable } from './format-text.ts'
import { supportEndWords } from './support-words.ts'

export interface DescribedFile {
  readonly file: string
  readonly format: string
  readonly packages: readonly unknown[]
  readonly others: number
}

// Packages that could not be judged are listed up to this many; the rest are counted.
const FAULTS_SHOWN = 10

/** @example describeReadiness(answer, files).at(-1) // 'readiness: blocked — 13 packages exclude react 19.0.0' */
export function describeReadiness(
  answer: ReadinessAnswer,
  files: readonly DescribedFile[],
): string[] {
  const { target, blocking, components } = answer
  const asked = `${target.name} ${target.version}`
  const lines = files.map((file) => {
    const others =
      file.others === 0 ? '' : `, ${file.others} of no npm or PyPI package (not asked about)`
    return `${file.file}: ${formatName(file.format)}, ${countOf(file.packages.length, 'package')}${others}`
  })
  lines.push('')
  if (blocking.length > 0) {
    lines.push(
      ...formatTable(
        ['BLOCKED BY', 'VERSION', 'DECLARES', 'LOWEST ADMITTING', 'NEWEST ADMITTING'],
        blocking.map((item) => [
          item.name,
          item.version,
          item.declared,
          item.lowestAdmitting ?? (answer.offline ? '(offline)' : 'none'),
          item.newestAdmitting ?? (answer.offline ? '(offline)' : 'none'),
        ]),
      ),
      '',
    )
  }
  const declared = components.filter((item) => item.admits !== null).length
  const unjudged = components.filter((item) => item.fault !== undefined)
  lines.push(
    `${countOf(declared, 'package')} declare a range for ${target.name}, ${answer.silent} declare nothing${unjudged.length === 0 ? '' : `, ${unjudged.length} could not be judged`}.`,
  )
  for (const item of unjudged.slice(0, FAULTS_SHOWN)) {
    lines.push(`  ${item.name} ${item.version}: ${item.fault}`)
  }
  if (unjudged.length > FAULTS_SHOWN)
    lines.push(`  … and ${unjudged.length - FAULTS_SHOWN} more (--json lists them all)`)
  if (answer.admittedRange !== null) lines.push(`Admitted by every range: ${answer.admittedRange}`)
  const newest = answer.newestAdmitted
  if (newest !== null) {
    const until =
      newest.status === 'supported' || newest.status === 'security-only'
        ? `, until ${supportEndWords(newest.supportUntil)}`
        : ''
    lines.push(
      `Newest ${target.project ?? target.name} line inside it: ${newest.line}${newest.latest === null ? '' : ` (${newest.latest})`}, ${statusWords(newest.status)}${until} on ${answer.date}`,
    )
  }
  lines.push(verdict(answer, asked))
  return lines
}

function verdict(answer: ReadinessAnswer, asked: string): string {
  if (answer.verdict === 'ready') {
    return `readiness: ready — no package declares a range that excludes ${asked}`
  }
  const names = new Set(answer.blocking.map((item) => item.name)).size
  const moves = answer.blocking.filter((item) => item.lowestAdmitting !== null).length
  const movable = answer.offline
    ? ' (offline: without --offline, the registry tells where each could move)'
    : `; ${moves} of them have a release that admits it`
  return `readiness: blocked — ${countOf(names, 'package')} exclude${names === 1 ? 's' : ''} ${asked}${movable}`
}
