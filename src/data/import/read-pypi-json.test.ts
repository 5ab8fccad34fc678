import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ReadMetadata } from './packaging-metadata.ts'
import { type PypiOptions, readPypiJson } from './read-pypi-json.ts'

const OPTIONS: PypiOptions = {
  name: 'demo-py',
  today: '2026-11-26',
  tags: { rules: [{ template: 'v{version}', ranges: null }], known: null },
  sourceUrl: null,
}

const INFO = { name: 'Demo_Py', project_urls: { Source: 'https://github.com/demo/demo-py' } }

/** What a read gives, in a line each: `error …`, `left out …`, `fact VERSION DEPENDENCY DECLARED`. */
function summary(read: ReadMetadata): string[] {
  if (!read.ok) return [`error ${read.error}`]
  return [
    ...read.leftOut.map((line) => `left out ${line}`),
    ...read.releases.flatMap((release) =>
      release.facts.map((fact) => `fact ${release.version} ${fact.dependency} ${fact.declared}`),
    ),
  ]
}

// Columns: the rule, the answer (as JSON), what is read of it. Every fault names where it is.
const CASES: readonly (readonly [string, unknown, string[]])[] = [
  [
    "an answer without 'info' and 'releases' is refused, with both faults",
    { releases: [] },
    [
      'error demo.json is not a PyPI JSON answer: /info is missing; /releases must be an object, found []',
    ],
  ],
  [
    'an answer whose project has no name is refused',
    { info: { summary: 'x' }, releases: {} },
    ['error demo.json is not a PyPI JSON answer: /info/name is missing'],
  ],
  [
    'PyPI writes null for what a project does not say: read as nothing, no fault',
    {
      info: { ...INFO, summary: null, keywords: null, home_page: null },
      releases: { '1.0.0': [{ requires_python: null, yanked: false }] },
    },
    [],
  ],
  [
    'project_urls with an address that is no text: the others still read',
    {
      info: { ...INFO, project_urls: { Homepage: 42, Source: 'https://github.com/demo/demo-py' } },
      releases: { '1.0.0': [{ requires_python: '>=3.10' }] },
    },
    [
      'left out demo.json: /info/project_urls/Homepage must be a string, found 42; not read',
      'fact 1.0.0 python >=3.10',
    ],
  ],
  [
    'a release whose files are no list is left out',
    { info: INFO, releases: { '1.0.0': { requires_python: '>=3.10' } } },
    [
      'left out demo.json: /releases/1.0.0 must be a list of objects, found {"requires_python":">=3.10"}; left out',
    ],
  ],
  [
    'files that are no object, and fields of the wrong kind: every fault, the good file read',
    {
      info: INFO,
      releases: {
        '1.0.0': ['demo-1.0.0.tar.gz', { requires_python: 3.1, yanked: 'no' }],
        '1.1.0': [{ requires_python: '>=3.9', yanked: false }],
      },
    },
    [
      'left out demo.json: /releases/1.0.0/0 must be an object, found "demo-1.0.0.tar.gz"; not read',
      'left out demo.json: /releases/1.0.0/1/requires_python must be a string or null, found 3.1; not read',
      'left out demo.json: /releases/1.0.0/1/yanked must be true or false, found "no"; not read',
      'fact 1.1.0 python >=3.9',
    ],
  ],
]

for (const [rule, answer, expected] of CASES) {
  test(`readPypiJson: ${rule}`, () => {
    assert.deepEqual(summary(readPypiJson(JSON.stringify(answer), 'demo.json', OPTIONS)), expected)
  })
}
