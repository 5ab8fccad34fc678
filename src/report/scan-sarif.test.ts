import assert from 'node:assert/strict'
import { test } from 'node:test'
import { sarifValidator } from '../../test/support/sarif-validator.ts'
import type { ScanReport } from '../core/scan/scan-report.ts'
import { scanSarif } from './scan-sarif.ts'

const REPORT: ScanReport = {
  directory: '.',
  date: '2026-11-28',
  files: { seen: 3, read: { dockerfile: 1, compose: 1 } },
  findings: [],
  problems: [
    {
      rule: 'end-of-life',
      message: 'node:16 runs Node.js 16, whose support ended on 2023-09-11.',
      locations: [{ file: 'Dockerfile', line: 1 }],
    },
    {
      rule: 'incompatible',
      message: 'PostgreSQL 11.22 and Django 4.2.16 are documented incompatible: …',
      locations: [
        { file: 'deploy/compose file.yml', line: 3 },
        { file: 'requirements.txt', line: 2 },
      ],
    },
    { rule: 'security-only', message: '…', locations: [{ file: '.python-version', line: 1 }] },
    {
      rule: 'range-admits-end-of-life',
      message: '…',
      locations: [{ file: 'package.json', line: 9 }],
    },
    { rule: 'unknown-version', message: '…', locations: [{ file: 'Dockerfile', line: 7 }] },
  ],
  faults: [
    {
      file: 'big/Dockerfile',
      line: null,
      reason: '5000000 bytes, over the 4 MiB a scan reads of a file',
    },
    { file: 'compose.yaml', line: 4, reason: 'is not valid YAML: …' },
  ],
  failOn: ['end-of-life', 'incompatible'],
  failed: true,
}

test('the SARIF log is valid against the SARIF 2.1.0 schema', () => {
  const validate = sarifValidator()
  const log = scanSarif(REPORT, '0.1.0')
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2))
  const empty = scanSarif({ ...REPORT, problems: [], faults: [] }, '0.1.0')
  assert.ok(validate(empty), JSON.stringify(validate.errors, null, 2))
  // The schema does bite: a level SARIF has not is refused.
  const broken = structuredClone(log) as { runs: { results: { level: string }[] }[] }
  ;(broken.runs[0]?.results[0] as { level: string }).level = 'fatal'
  assert.equal(validate(broken), false)
})

test('one run of compat, one rule a rule id; a result a location, its level from its rule, paths relative', () => {
  const [run] = scanSarif(REPORT, '0.1.0').runs
  assert.equal(run?.tool.driver.name, 'compat')
  assert.deepEqual(
    run?.tool.driver.rules.map((rule) => [rule.id, rule.defaultConfiguration.level]),
    [
      ['end-of-life', 'error'],
      ['incompatible', 'error'],
      ['security-only', 'warning'],
      ['range-admits-end-of-life', 'warning'],
      ['unknown-version', 'note'],
    ],
  )
  assert.deepEqual(
    run?.results.map((result) => [
      result.ruleId,
      result.level,
      result.locations[0]?.physicalLocation.artifactLocation.uri,
      result.locations[0]?.physicalLocation.region?.startLine,
      result.relatedLocations?.map((related) => related.physicalLocation.artifactLocation.uri),
    ]),
    [
      ['end-of-life', 'error', 'Dockerfile', 1, undefined],
      ['incompatible', 'error', 'deploy/compose%20file.yml', 3, ['requirements.txt']],
      ['incompatible', 'error', 'requirements.txt', 2, ['deploy/compose%20file.yml']],
      ['security-only', 'warning', '.python-version', 1, undefined],
      ['range-admits-end-of-life', 'warning', 'package.json', 9, undefined],
      ['unknown-version', 'note', 'Dockerfile', 7, undefined],
    ],
  )
  assert.equal(run?.invocations[0]?.toolExecutionNotifications.length, 2)
})
