/**
 * `compat scan` for people (docs/cli.md, "compat scan"): what the repository runs on, one line a
 * finding at its `file:line`; then the problems grouped by rule, each at its `file:line`; what
 * could not be read; and a last line with the counts and whether the scan fails.
 */

import { statusWords } from '../api/support-status-words.ts'
import type { ScanReport } from '../core/scan/scan-report.ts'
import type { Finding } from '../core/scan/scan-result.ts'
import { SCAN_RULES } from '../core/scan/scan-rules.ts'
import { countOf, formatTable, withoutControlCharacters } from './format-text.ts'
import { supportEndWords } from './support-words.ts'

/** @example scanText(report).at(-1) // 'scan: 2 end-of-life, 1 incompatible — fails on end-of-life, incompatible' */
export function scanText(report: ScanReport): string[] {
  const read = Object.values(report.files.read).reduce((sum, count) => sum + count, 0)
  const lines = [
    withoutControlCharacters(
      `compat scan ${report.directory} on ${report.date}: ${countOf(read, 'file')} read of ${report.files.seen} walked past, ${countOf(report.findings.length, 'finding')}`,
    ),
  ]
  if (report.findings.length > 0) {
    lines.push(
      '',
      ...formatTable(
        ['AT', 'DECLARED', 'PROJECT', 'VERSION', 'LINE', 'SUPPORT', 'UNTIL'],
        report.findings.map((finding) => [
          `${finding.location.file}:${finding.location.line}`,
          finding.declared,
          finding.project ?? '-',
          versionCell(finding),
          finding.releaseLine ?? '-',
          statusWords(finding.status),
          finding.releaseLine === null ? '-' : supportEndWords(finding.supportUntil),
        ]),
      ),
    )
  }
  for (const rule of SCAN_RULES) {
    const problems = report.problems.filter((problem) => problem.rule === rule.id)
    if (problems.length === 0) continue
    lines.push('', `${rule.id} (${problems.length}): ${rule.summary}`)
    for (const problem of problems) {
      const [first, ...others] = problem.locations
      if (others.length === 0 && first !== undefined) {
        lines.push(withoutControlCharacters(`  ${first.file}:${first.line}: ${problem.message}`))
        continue
      }
      lines.push(withoutControlCharacters(`  ${problem.message}`))
      for (const at of problem.locations)
        lines.push(withoutControlCharacters(`    ${at.file}:${at.line}`))
    }
  }
  if (report.faults.length > 0) {
    lines.push('', `not read (${report.faults.length}):`)
    for (const fault of report.faults) {
      const at = fault.line === null ? fault.file : `${fault.file}:${fault.line}`
      lines.push(withoutControlCharacters(`  ${at}: ${fault.reason}`))
    }
  }
  lines.push('', summary(report))
  return lines
}

function versionCell(finding: Finding): string {
  if (finding.range !== undefined) return `range ${finding.range}`
  return finding.version ?? 'unknown'
}

/** `scan: 3 end-of-life, 1 incompatible — fails on end-of-life, incompatible`. */
function summary(report: ScanReport): string {
  const counts = SCAN_RULES.flatMap((rule) => {
    const count = report.problems.filter((problem) => problem.rule === rule.id).length
    return count === 0 ? [] : [`${count} ${rule.id}`]
  })
  const found = counts.length === 0 ? 'no problem' : counts.join(', ')
  const failOn = report.failOn.length === 0 ? 'none' : report.failOn.join(', ')
  return `scan: ${found} — ${report.failed ? 'fails' : 'passes'} (--fail-on ${failOn})`
}
