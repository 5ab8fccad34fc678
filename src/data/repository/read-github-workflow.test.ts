// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the cases are workflows' own ${{ expressions }}, not templates
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readGithubWorkflow } from './read-github-workflow.ts'

const WORKFLOW = `name: CI
env:
  PYTHON_VERSION: "3.10"
jobs:
  test:
    strategy:
      matrix:
        node-version:
          - 18.x
          - 20
        config:
          - { node: "22.11" }
        include:
          - node-version: 16.x
    container:
      image: node:20-bookworm
    services:
      db:
        image: postgres:13
      cache:
        image: redis
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.node-version }}
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.config.node }}
      - uses: actions/setup-python@v5
        with:
          python-version: \${{ env.PYTHON_VERSION }}
      - uses: actions/setup-python@v5
        with:
          python-version: |
            3.11
            pypy3.10
            3.13t
  lint:
    container: node:lts
    steps:
      - uses: actions/setup-node@v4
        with:
          node-version: lts/*
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.missing }}
      - uses: actions/setup-node@v4
        with:
          node-version: '>=20'
`

test('setup versions, their matrix and env values at their own lines, job containers and services', () => {
  const { declarations, faults } = readGithubWorkflow(WORKFLOW, '.github/workflows/ci.yml', {
    sibling: () => undefined,
  })
  assert.deepEqual(faults, [])
  assert.deepEqual(
    declarations.map((found) => [
      found.location.line,
      found.component,
      found.kind,
      found.text,
      found.declared,
    ]),
    [
      [16, 'node', 'image', 'node:20-bookworm', { version: '20' }],
      [19, 'postgres', 'image', 'postgres:13', { version: '13' }],
      [
        21,
        'redis',
        'image',
        'redis',
        { unknown: 'without a tag it is whatever latest is when pulled' },
      ],
      [9, 'nodejs', 'setup-action', 'node-version: 18.x', { version: '18' }],
      [10, 'nodejs', 'setup-action', 'node-version: 20', { version: '20' }],
      [14, 'nodejs', 'setup-action', 'node-version: 16.x', { version: '16' }],
      [12, 'nodejs', 'setup-action', 'node-version: 22.11', { version: '22.11' }],
      [3, 'python', 'setup-action', 'python-version: 3.10', { version: '3.10' }],
      [36, 'python', 'setup-action', 'python-version: 3.11', { version: '3.11' }],
      [37, 'pypy', 'setup-action', 'python-version: pypy3.10', { version: '3.10' }],
      [38, 'python', 'setup-action', 'python-version: 3.13t', { version: '3.13' }],
      [40, 'node', 'image', 'node:lts', { unknown: "the tag 'lts' names no version" }],
      [
        44,
        'nodejs',
        'setup-action',
        'node-version: lts/*',
        {
          unknown:
            "'lts/*' is resolved by the action when it runs (an alias such as lts/*, latest or a codename)",
        },
      ],
      [
        47,
        'nodejs',
        'setup-action',
        'node-version: ${{ matrix.missing }}',
        { unknown: 'the job has no matrix to read it from' },
      ],
      [50, 'nodejs', 'setup-action', 'node-version: >=20', { range: '>=20', ranges: ['>=20'] }],
    ],
  )
})
