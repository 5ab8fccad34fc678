import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DependencyEntry } from '../../core/dataset/schema.ts'
import { describeRanges, mergeImportedVersions } from './merge-imported-versions.ts'

// [what the entry says, how the importer reports it]
const DESCRIBED: ReadonlyArray<[Partial<DependencyEntry>, string]> = [
  [{ ranges: ['>=18', '16'] }, '>=18 || 16'],
  [{ ranges: [] }, '(unknown)'],
  [{ ranges: [], constraints: [{ type: 'same-version' }] }, 'same-version'],
  [{ ranges: ['5.1.0'], constraints: [{ type: 'same-version' }] }, '5.1.0 || same-version'],
]

for (const [entry, expected] of DESCRIBED) {
  test(`describeRanges: ${expected}`, () => {
    assert.equal(describeRanges(entry), expected)
  })
}

const SOURCE = {
  title: 'demo 5.1.0',
  url: 'https://github.com/demo/demo/tree/v5.1.0',
  accessedAt: '2026-11-28',
}

test('a same-version entry replaces the per-release pins it stands for, written as the bundled files write it', () => {
  const pin = (version: string) =>
    [
      `  "${version}":`,
      ...(version.split('.').length === 3 ? ['    since: true'] : []),
      '    dependencies:',
      '      demo-ui:',
      `        ranges: ["${version === '5.1' ? '5.1.0' : version}"]`,
      '        relationship: optional peer',
      '        confidence: high',
      '        lastVerified: "2026-11-26"',
      '        notes: []',
      '        sources: []',
      '        importedFrom: npm',
    ].join('\n')
  const text = `id: demo\nidentifiers:\n  - purl: pkg:npm/demo\nversions:\n${pin('5.1.1')}\n${pin('5.1')}\n`
  const entry: DependencyEntry = {
    ranges: [],
    constraints: [{ type: 'same-version' }],
    relationship: 'optional peer',
    confidence: 'high',
    lastVerified: '2026-11-28',
    notes: ['n'],
    sources: [SOURCE],
    importedFrom: 'npm',
  }
  const merged = mergeImportedVersions(
    text,
    { '5.1': { dependencies: { 'demo-ui': entry } } },
    'npm',
  )
  assert.ok(!('error' in merged))
  assert.deepEqual(merged.report.changed, ['5.1 demo-ui same-version (was 5.1.0)'])
  assert.deepEqual(merged.report.removed, ['5.1.1 demo-ui 5.1.1'])
  assert.equal(
    merged.text,
    [
      'id: demo',
      'identifiers:',
      '  - purl: pkg:npm/demo',
      'versions:',
      '  "5.1":',
      '    dependencies:',
      '      demo-ui:',
      '        ranges: []',
      '        constraints: [{type: same-version}]',
      '        relationship: optional peer',
      '        confidence: high',
      '        lastVerified: "2026-11-28"',
      '        notes: ["n"]',
      '        sources:',
      '          - title: demo 5.1.0',
      '            url: https://github.com/demo/demo/tree/v5.1.0',
      '            accessedAt: "2026-11-28"',
      '        importedFrom: npm',
      '',
    ].join('\n'),
  )
})

test('a refresh (keepUnchanged, within): unchanged facts keep their text, keys outside are never touched', () => {
  const entry = (ranges: string[], verified: string, url: string) => ({
    ranges,
    relationship: 'runtime',
    confidence: 'high' as const,
    lastVerified: verified,
    notes: [],
    sources: [{ title: 'demo', url, accessedAt: verified }],
    importedFrom: 'npm' as const,
  })
  const written = (key: string, ranges: string) =>
    [
      `  "${key}":`,
      '    dependencies:',
      '      nodejs:',
      `        ranges: ["${ranges}"]`,
      '        relationship: runtime',
      '        confidence: high',
      '        lastVerified: "2026-11-26"',
      '        notes: []',
      '        sources:',
      '          - title: demo',
      `            url: https://github.com/demo/demo/tree/v${key}.0`,
      '            accessedAt: "2026-11-26"',
      '        importedFrom: npm',
    ].join('\n')
  const text = `versions:\n${written('5.1', '>=18')}\n${written('4.0', '>=12')}\n`
  const imported = {
    '5.2': { dependencies: { nodejs: entry(['>=20'], '2026-12-07', 'https://x.example/5.2.0') } },
    // The same facts, cited elsewhere: left as written.
    '5.1': { dependencies: { nodejs: entry(['>=18'], '2026-12-07', 'https://x.example/5.1.0') } },
    // Outside `within`: neither rewritten nor, for lack of a 4.0 key here, removed.
    '4.1': { dependencies: { nodejs: entry(['>=14'], '2026-12-07', 'https://x.example/4.1.0') } },
  }
  const merged = mergeImportedVersions(text, imported, 'npm', {
    keepUnchanged: true,
    within: (key) => key.startsWith('5.'),
  })
  assert.ok('text' in merged)
  assert.deepEqual(merged.report, {
    added: ['5.2 nodejs >=20'],
    changed: [],
    removed: [],
    leftAlone: [],
    unchanged: 1,
  })
  assert.ok(merged.text.endsWith(`${written('5.1', '>=18')}\n${written('4.0', '>=12')}\n`))
  assert.match(merged.text, /^ {2}"5\.2":$/m)
  assert.doesNotMatch(merged.text, /"4\.1"/)
})
