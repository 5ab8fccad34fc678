import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ScanReport } from '../core/scan/scan-report.ts'
import { scanText } from './scan-text.ts'

const REPORT: ScanReport = {
  directory: '.',
  date: '2026-11-28',
  files: { seen: 12, read: { dockerfile: 1, compose: 1 } },
  findings: [
    {
      component: 'node',
      project: 'nodejs',
      version: '16',
      releaseLine: '16',
      status: 'end-of-life',
      supportUntil: '2023-09-11',
      kind: 'image',
      declared: 'node:16-alpine',
      location: { file: 'Dockerfile', line: 1 },
    },
    {
      component: 'python',
      project: 'python',
      range: '>=3.9',
      releaseLine: '3.9',
      status: 'end-of-life',
      supportUntil: '2025-10-31',
      kind: 'requires-python',
      declared: '>=3.9',
      location: { file: 'pyproject.toml', line: 5 },
    },
    {
      component: 'redis',
      project: null,
      version: null,
      releaseLine: null,
      status: 'unknown',
      supportUntil: null,
      kind: 'image',
      declared: 'redis',
      location: { file: 'compose.yaml', line: 4 },
    },
  ],
  problems: [
    {
      rule: 'end-of-life',
      message: 'node:16-alpine runs Node.js 16, whose support ended on 2023-09-11.',
      locations: [{ file: 'Dockerfile', line: 1 }],
    },
    {
      rule: 'incompatible',
      message: 'A 1 and B 2 are documented incompatible: …',
      locations: [
        { file: 'Dockerfile', line: 1 },
        { file: 'compose.yaml', line: 4 },
      ],
    },
  ],
  faults: [{ file: 'big/Dockerfile', line: null, reason: 'over the 4 MiB a scan reads of a file' }],
  failOn: ['end-of-life', 'incompatible'],
  failed: true,
}

test('findings at file:line, problems grouped by rule (a pair with every end under it), faults, then the verdict', () => {
  assert.deepEqual(scanText(REPORT), [
    'compat scan . on 2026-11-28: 2 files read of 12 walked past, 3 findings',
    '',
    'AT                DECLARED        PROJECT  VERSION      LINE  SUPPORT      UNTIL',
    'Dockerfile:1      node:16-alpine  nodejs   16           16    end of life  2023-09-11',
    'pyproject.toml:5  >=3.9           python   range >=3.9  3.9   end of life  2025-10-31',
    'compose.yaml:4    redis           -        unknown      -     unknown      -',
    '',
    'end-of-life (1): A pinned version whose release line is past its end of life on the day.',
    '  Dockerfile:1: node:16-alpine runs Node.js 16, whose support ended on 2023-09-11.',
    '',
    'incompatible (1): Two pinned versions that the evidence documents as incompatible with each other.',
    '  A 1 and B 2 are documented incompatible: …',
    '    Dockerfile:1',
    '    compose.yaml:4',
    '',
    'not read (1):',
    '  big/Dockerfile: over the 4 MiB a scan reads of a file',
    '',
    'scan: 1 end-of-life, 1 incompatible — fails (--fail-on end-of-life, incompatible)',
  ])
})

test('a clean repository says so, and what it would have failed on', () => {
  assert.deepEqual(
    scanText({ ...REPORT, findings: [], problems: [], faults: [], failOn: [], failed: false }),
    [
      'compat scan . on 2026-11-28: 2 files read of 12 walked past, 0 findings',
      '',
      'scan: no problem — passes (--fail-on none)',
    ],
  )
})
