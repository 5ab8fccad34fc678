import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  assertRuleCase,
  documentWith,
  ENTRY,
  entry,
  entryWithout,
  type RuleCase,
} from '../../../../test/support/document-builders.ts'
import { formatPath } from '../fault.ts'
import { schemaShape } from './schema-shape.ts'

// [document, path of the fault (null: valid), part of its message]
const CASES: readonly RuleCase[] = [
  [documentWith(), null, ''],
  [documentWith({}, { id: 'Demo!' }), 'id', 'lowercase slug'],
  [documentWith({}, { extra: 1 }), '(document)', "unknown field 'extra'"],
  [documentWith({}, { website: 'ftp://example.org' }), 'website', 'http(s) URL'],
  [documentWith({ python: entry({ confidence: 'certain' }) }), `${ENTRY}.confidence`, ''],
  [
    documentWith({ python: entry({ lastVerified: '1 Oct 2026' }) }),
    `${ENTRY}.lastVerified`,
    'YYYY-MM-DD',
  ],
  [
    documentWith({
      python: entry({
        sources: [{ title: 'x', url: 'javascript:alert(1)', accessedAt: '2026-01-01' }],
      }),
    }),
    `${ENTRY}.sources[0].url`,
    'http(s) URL',
  ],
  [
    documentWith({ python: entry({ constraints: [{ type: 'newer-than' }] }) }),
    `${ENTRY}.constraints[0].type`,
    '',
  ],
  [documentWith({ python: entry({ confidense: 'high' }) }), ENTRY, "unknown field 'confidense'"],
  [documentWith({ python: entryWithout('ranges') }), ENTRY, "missing required field 'ranges'"],
  [documentWith({}, { upstream: { github: 'cloudnative-pg/cloudnative-pg' } }), null, ''],
  [
    documentWith(
      {},
      { upstream: { github: 'traefik/traefik', tagPattern: '^v(3\\.\\d+\\.\\d+)$' } },
    ),
    null,
    '',
  ],
  [documentWith({}, { upstream: { npm: '@nestjs/core' } }), null, ''],
  [documentWith({}, { upstream: { pypi: 'Django' } }), null, ''],
  [
    documentWith(
      {},
      { upstream: { helm: { repository: 'https://charts.jetstack.io', chart: 'cert-manager' } } },
    ),
    null,
    '',
  ],
  [documentWith({ python: entry({ importedFrom: 'npm' }) }), null, ''],
]

for (const row of CASES) {
  test(`schema-shape: ${row[1] === null ? 'accepts' : `${row[1]} ${row[2]}`}`, () =>
    assertRuleCase(schemaShape, row))
}

// One fault per mistake, saying what was found and what is allowed:
// [what is wrong, document, the one fault as "path: message"]
const ONE_FAULT: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
  [
    'a misspelled confidence',
    documentWith({ python: entry({ confidence: 'mediun' }) }),
    `${ENTRY}.confidence: must be high, medium or low; found "mediun"`,
  ],
  [
    'a date in another format',
    documentWith({ python: entry({ lastVerified: '26/11/2026' }) }),
    `${ENTRY}.lastVerified: must be a date written YYYY-MM-DD or null; found "26/11/2026"`,
  ],
  [
    'a basis nobody defined',
    documentWith({ python: entry({ basis: 'recommended' }) }),
    `${ENTRY}.basis: must be supported or tested; found "recommended"`,
  ],
  [
    'ranges as a string',
    documentWith({ python: entry({ ranges: '3.11' }) }),
    `${ENTRY}.ranges: must be a list; found "3.11"`,
  ],
  [
    'an empty relationship',
    documentWith({ python: entry({ relationship: '' }) }),
    `${ENTRY}.relationship: must be a non-empty string; found ""`,
  ],
  [
    'an upstream with two kinds',
    documentWith({}, { upstream: { github: 'a/b', npm: 'b' } }),
    'upstream: must have exactly one of github, npm, pypi or helm; found github and npm',
  ],
  [
    'an upstream of no known kind',
    documentWith({}, { upstream: { gitlab: 'a/b' } }),
    'upstream: must have exactly one of github, npm, pypi or helm; found none of them',
  ],
  [
    'a GitHub upstream that is a URL',
    documentWith({}, { upstream: { github: 'https://github.com/a/b' } }),
    'upstream.github: must be a GitHub repository written owner/name; found "https://github.com/a/b"',
  ],
  [
    'a field the GitHub form does not have',
    documentWith({}, { upstream: { github: 'a/b', tags: 'v*' } }),
    "upstream: unknown field 'tags'; allowed: github, tagPattern",
  ],
  [
    'a Helm upstream without its chart',
    documentWith({}, { upstream: { helm: { repository: 'https://charts.example.org' } } }),
    "upstream.helm: missing required field 'chart'",
  ],
  [
    'an importer nobody wrote',
    documentWith({ python: entry({ importedFrom: 'maven' }) }),
    `${ENTRY}.importedFrom: must be helm-index, npm or pypi; found "maven"`,
  ],
]

for (const [name, document, expected] of ONE_FAULT) {
  test(`schema-shape: ${name} is one fault that says what is allowed`, () => {
    const faults = schemaShape(document, 'demo').map(
      (fault) => `${formatPath(fault.path)}: ${fault.message}`,
    )
    assert.deepEqual(faults, [expected])
  })
}

test('schema-shape: every fault of a file is listed, not only the first few', () => {
  const dependencies = Object.fromEntries(
    Array.from({ length: 30 }, (_, index) => [`dep-${index}`, entry({ confidence: 'sure' })]),
  )
  assert.equal(schemaShape(documentWith(dependencies), 'demo').length, 30)
})
