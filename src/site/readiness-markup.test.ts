import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ReadinessAnswer } from '../core/readiness/readiness-answer.ts'
import { readinessField, readinessResult, readTarget } from './readiness-markup.ts'
import { renderHtml } from './render-html.ts'

// [what the field holds, the target read from it]
const TARGETS: readonly (readonly [string, [string, string] | null])[] = [
  ['nodejs@24', ['nodejs', '24']],
  [' react@19.0.0 ', ['react', '19.0.0']],
  ['@types/node@22.10.2', ['@types/node', '22.10.2']],
  ['python=3.13', ['python', '3.13']],
  ['python 3.13', ['python', '3.13']],
  ['nodejs', null],
  ['@types/node', null],
  ['nodejs@', null],
]

test('readTarget reads NAME@VERSION, NAME=VERSION or NAME VERSION', () => {
  for (const [text, expected] of TARGETS) {
    const read = readTarget(text)
    assert.deepEqual(read === null ? null : [read.name, read.version], expected, text)
  }
})

const answer = (overrides: Partial<ReadinessAnswer>): ReadinessAnswer => ({
  target: { name: 'react', version: '19.0.0', project: null },
  offline: false,
  date: '2026-12-07',
  verdict: 'blocked',
  components: [
    {
      name: 'react-dom',
      version: '18.3.1',
      location: '/packages/node_modules~1react-dom',
      declared: '^18.3.1',
      source: 'file',
      admits: false,
    },
    {
      name: 'ms',
      version: '2.1.3',
      location: '/packages/node_modules~1ms',
      declared: null,
      source: null,
      admits: null,
    },
  ],
  blocking: [
    {
      name: 'react-dom',
      version: '18.3.1',
      declared: '^18.3.1',
      lowestAdmitting: '19.0.0',
      newestAdmitting: '19.2.0',
    },
  ],
  silent: 1,
  admittedRange: '>=18.3.1 <19.0.0',
  newestAdmitted: null,
  ...overrides,
})

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')

test('the answer: the verdict in the heading, each blocker with where it could move, the admitted range', () => {
  const text = textOf(renderHtml(readinessResult({ answer: answer({}) })))
  assert.match(text, /^Can it take react 19\.0\.0\? Blocked/)
  assert.match(text, /1 package declares a range that excludes react 19\.0\.0\./)
  assert.match(text, /1 of 2 packages declare a range for react, 1 declare nothing\./)
  assert.match(
    text,
    /react-dom 18\.3\.1 declares \^18\.3\.1 \(lowest release that admits it: 19\.0\.0; newest: 19\.2\.0\)/,
  )
  assert.match(text, /Admitted by every range: >=18\.3\.1 <19\.0\.0/)
})

test('a ready answer, and one asked offline, say so', () => {
  const text = textOf(
    renderHtml(
      readinessResult({ answer: answer({ verdict: 'ready', blocking: [], offline: true }) }),
    ),
  )
  assert.match(text, /Ready/)
  assert.match(text, /No package declares a range that excludes react 19\.0\.0\./)
  assert.match(text, /no registry was read, so nothing is proposed to move to/)
})

test('names from the file and the field are text, never markup', () => {
  const hostile = '<img src=x onerror=alert(1)>'
  const html = renderHtml(
    readinessResult({
      answer: answer({
        blocking: [
          {
            name: hostile,
            version: '1',
            declared: hostile,
            lowestAdmitting: null,
            newestAdmitting: null,
          },
        ],
      }),
    }),
  )
  assert.doesNotMatch(html, /<img/)
  assert.doesNotMatch(renderHtml(readinessField(`"${hostile}`)), /<img/)
  assert.match(
    renderHtml(readinessField()),
    /<label for="readiness-target">Can it take …\? \(optional\)<\/label>/,
  )
})
