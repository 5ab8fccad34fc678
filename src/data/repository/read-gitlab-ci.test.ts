import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readGitlabCi } from './read-gitlab-ci.ts'

test("the pipeline's, default's and every job's image and services, variables replaced", () => {
  const { declarations } = readGitlabCi(
    `image: node:20
variables:
  PG: postgres:16
  PY_VERSION:
    value: "3.12"
services:
  - $PG
default:
  image:
    name: node:22-alpine
stages: [test]
.python:
  image: python:\${PY_VERSION}-slim
test:
  stage: test
  services:
    - name: redis:7.2
      alias: cache
  script: [npm test]
`,
    '.gitlab-ci.yml',
    { sibling: () => undefined },
  )
  assert.deepEqual(
    declarations.map((found) => [found.location.line, found.text, found.declared]),
    [
      [1, 'node:20', { version: '20' }],
      [7, 'postgres:16', { version: '16' }],
      [10, 'node:22-alpine', { version: '22' }],
      [13, 'python:3.12-slim', { version: '3.12' }],
      [17, 'redis:7.2', { version: '7.2' }],
    ],
  )
})
