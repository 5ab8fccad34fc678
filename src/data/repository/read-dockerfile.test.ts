// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the cases are files' own ${VARIABLES}, not templates
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ReaderContext } from './file-reading.ts'
import { readDockerfile } from './read-dockerfile.ts'

const CONTEXT: ReaderContext = { sibling: () => undefined }

/** Each declaration as `LINE TEXT PURL → what it declares`, then each fault as `LINE: reason`. */
function read(text: string): string[] {
  const { declarations, faults } = readDockerfile(text, 'Dockerfile', CONTEXT)
  return [
    ...declarations.map(
      (found) =>
        `${found.location.line} ${found.text} ${found.purl} → ${JSON.stringify(found.declared)}`,
    ),
    ...faults.map((fault) => `${fault.line}: ${fault.reason}`),
  ]
}

test('every FROM of a multi-stage build, ARG defaults in, stages and scratch out', () => {
  assert.deepEqual(
    read(`# syntax=docker/dockerfile:1
ARG NODE_VERSION=20.11
ARG BASE=node:\${NODE_VERSION}-alpine
FROM \${BASE} AS deps
RUN npm ci
FROM deps AS build
RUN <<EOF
FROM python:2.7
EOF
FROM --platform=$BUILDPLATFORM \\
    python:3.12-slim AS py
FROM scratch
COPY --from=build /app /app
FROM Deps
`),
    [
      '4 node:20.11-alpine pkg:docker/library/node → {"version":"20.11"}',
      '11 python:3.12-slim pkg:docker/library/python → {"version":"3.12"}',
    ],
  )
})

test('a stage named like an image is the image until it is defined: FROM node AS node', () => {
  assert.deepEqual(read('FROM node:22 AS node\nFROM node\n'), [
    '1 node:22 pkg:docker/library/node → {"version":"22"}',
  ])
})

test('an ARG without a default leaves the tag unknown; a whole image in one is a fault', () => {
  assert.deepEqual(
    read('ARG TAG\nARG IMAGE\nFROM node:${TAG}\nFROM ${IMAGE}\nFROM postgres:${PG:-16}\n'),
    [
      '3 node:${TAG} pkg:docker/library/node → {"unknown":"its tag is the variable TAG, which has no default here"}',
      '5 postgres:16 pkg:docker/library/postgres → {"version":"16"}',
      "4: the image '${IMAGE}' names the variable IMAGE, which has no default here",
    ],
  )
})

test('an ARG declared after the first FROM is no default for a later FROM', () => {
  assert.equal(
    read('FROM alpine:3.20\nARG V=3.12\nFROM python:${V}\n').at(-1),
    '3 python:${V} pkg:docker/library/python → {"unknown":"its tag is the variable V, which has no default here"}',
  )
})
