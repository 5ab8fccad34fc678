import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ReadMetadata } from './packaging-metadata.ts'
import { type HelmOptions, readHelmCharts } from './read-helm-index.ts'

const OPTIONS: HelmOptions = { chart: 'demo', today: '2026-11-26', sourceUrl: null }
const REPOSITORY = 'https://charts.example.org'

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

const GOOD = 'version: 1.0.0\n    kubeVersion: ">=1.28"\n    urls: [demo-1.0.0.tgz]'

// Columns: the rule, the YAML read, what is read of it. Every fault names where it is.
const CASES: readonly (readonly [string, string, string[]])[] = [
  [
    "an index whose 'entries' is no map is refused",
    'entries: [demo]\n',
    ['error index.yaml is not a chart index: /entries must be an object, found ["demo"]'],
  ],
  [
    'an index whose chart is no list is refused',
    'entries:\n  demo: {version: 1.0.0}\n',
    [
      'error index.yaml is not a chart index: /entries/demo must be a list of values, found {"version":"1.0.0"}',
    ],
  ],
  [
    'a chart version without a version, and one written as a number (YAML reads 1.0 so): left out',
    `entries:\n  demo:\n  - name: demo\n  - version: 1.0\n  - ${GOOD}\n`,
    [
      'left out index.yaml: /entries/demo/0/version is missing; left out',
      'left out index.yaml: /entries/demo/1/version must be a non-blank string, found 1; left out',
      'fact 1.0.0 kubernetes >=1.28',
    ],
  ],
  [
    'a kubeVersion written as a number, keywords and urls that are no text: located, the rest read',
    'entries:\n  demo:\n  - version: 1.0.0\n    kubeVersion: 1.28\n    keywords: [demo, {a: 1}]\n    urls: [7, demo-1.0.0.tgz]\n',
    [
      'left out index.yaml: /entries/demo/0/kubeVersion must be a string, found 1.28; not read',
      'left out index.yaml: /entries/demo/0/keywords/1 must be a string, found {"a":1}; not read',
      'left out index.yaml: /entries/demo/0/urls/0 must be a string, found 7; not read',
    ],
  ],
  [
    'a Chart.yaml without a version is neither form',
    'name: demo\nkubeVersion: ">=1.28"\n',
    [
      "error index.yaml is neither an index.yaml (no 'entries') nor a Chart.yaml: /version is missing",
    ],
  ],
  [
    'a document that is no map is neither form',
    '- demo\n',
    [
      `error index.yaml is neither an index.yaml (no 'entries') nor a Chart.yaml: the document must be an object, found ["demo"]`,
    ],
  ],
  [
    'a Chart.yaml with a field of the wrong kind: located from its root',
    `name: demo\n${GOOD.replaceAll('\n    ', '\n')}\ndigest: [a]\n`,
    [
      'left out index.yaml: /digest must be a string, found ["a"]; not read',
      'fact 1.0.0 kubernetes >=1.28',
    ],
  ],
]

for (const [rule, text, expected] of CASES) {
  test(`readHelmCharts: ${rule}`, () => {
    const read = readHelmCharts([{ text, from: 'index.yaml', repository: REPOSITORY }], OPTIONS)
    assert.deepEqual(summary(read), expected)
  })
}
