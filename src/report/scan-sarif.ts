/**
 * `compat scan --format sarif`: SARIF 2.1.0 (the OASIS standard GitHub code scanning reads), one
 * run of the tool `compat` with one rule per scan rule and one result per location of a problem, its level
 * from the rule (error for end-of-life and incompatible, warning for security-only and
 * range-admits-end-of-life, note otherwise), at physical locations relative to the scanned
 * folder. What could not be read goes in the invocation's notifications.
 */
import type { ScanReport } from '../core/scan/scan-report.ts'
import { SCAN_RULES } from '../core/scan/scan-rules.ts'

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json'

const INFORMATION_URI = 'https://github.com/compat-api/compat'
const RULES_HELP = `${INFORMATION_URI}/blob/main/docs/cli.md#compat-scan`

/** @example scanSarif(report, '0.1.0').runs[0].results.length */
export function scanSarif(report: ScanReport, toolVersion: string) {
  const ruleIndex = new Map(SCAN_RULES.map((rule, index) => [rule.id as string, index]))
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'compat',
            version: toolVersion,
            informationUri: INFORMATION_URI,
            rules: SCAN_RULES.map((rule) => ({
              id: rule.id,
              name: ruleName(rule.id),
              shortDescription: { text: rule.summary },
              fullDescription: { text: `${rule.summary} ${rule.help}` },
              help: { text: rule.help },
              helpUri: RULES_HELP,
              defaultConfiguration: { level: rule.level },
            })),
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: report.faults.map((fault) => ({
              level: 'warning',
              message: { text: `Not read: ${fault.reason}` },
              locations: [physicalLocation(fault.file, fault.line)],
            })),
          },
        ],
        // One result a location: code scanning annotates a result's first location only, and
        // an incompatible pair is to be seen at both ends, each naming the others.
        results: report.problems.flatMap((problem) => {
          const index = ruleIndex.get(problem.rule) as number
          const rule = SCAN_RULES[index] as (typeof SCAN_RULES)[number]
          return problem.locations.map((at, atIndex) => {
            const others = problem.locations.filter((_, other) => other !== atIndex)
            return {
              ruleId: rule.id,
              ruleIndex: index,
              level: rule.level,
              message: { text: problem.message },
              locations: [physicalLocation(at.file, at.line)],
              ...(others.length === 0
                ? {}
                : {
                    relatedLocations: others.map((other, otherIndex) => ({
                      id: otherIndex + 1,
                      ...physicalLocation(other.file, other.line),
                      message: { text: 'another end of the same problem' },
                    })),
                  }),
            }
          })
        }),
        columnKind: 'unicodeCodePoints',
      },
    ],
  }
}

/** A location as SARIF writes it: the file's URI relative to the scanned folder, and its line. */
function physicalLocation(file: string, line: number | null) {
  return {
    physicalLocation: {
      artifactLocation: { uri: file.split('/').map(encodeURIComponent).join('/') },
      ...(line === null ? {} : { region: { startLine: line } }),
    },
  }
}

/** `end-of-life` → `EndOfLife`: SARIF's rule names are identifiers. */
function ruleName(id: string): string {
  return id
    .split('-')
    .map((word) => (word[0] ?? '').toUpperCase() + word.slice(1))
    .join('')
}
