import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DependencyUse, DependencyView } from '../api/response-schemas.ts'
import { dependencyPageMain, projectGroups, supportedNote } from './dependency-page-markup.ts'
import { renderHtml } from './render-html.ts'

const DAY = '2026-11-28'

function use(version: string, status: DependencyUse['status'], project = 'agent'): DependencyUse {
  return {
    project,
    version,
    since: false,
    key: 'etcd',
    ranges: ['3.6'],
    constraints: [],
    basis: 'supported',
    relationship: 'store',
    confidence: 'high',
    lastVerified: '2026-10-01',
    status,
  }
}

function view(entries: DependencyUse[]): DependencyView {
  return { dependency: 'etcd', project: null, version: null, date: DAY, entries }
}

// [row status, its data-status, the badge's words (null: none)]
const ROWS: [DependencyUse['status'], string | null][] = [
  ['supported', 'supported'],
  ['security-only', 'security fixes only'],
  ['end-of-life', 'end of life'],
  ['unreleased', 'not released yet'],
  ['unknown', null],
]

for (const [status, words] of ROWS) {
  test(`an entry whose line is ${status} carries data-status and says ${words ?? 'nothing'}`, () => {
    const html = renderHtml(projectGroups([use('3.2', status)], 'etcd', DAY))
    assert.match(html, new RegExp(`<li class="use-item" data-status="${status}">`))
    if (words === null) assert.doesNotMatch(html, /badge support-/)
    else
      assert.ok(
        html.includes(
          `<span class="badge support-${status}"><span class="visually-hidden">support: </span>${words}</span>`,
        ),
      )
  })
}

// [statuses of the rows listed, the note]
const NOTES: [DependencyUse['status'][], string][] = [
  [
    ['supported', 'security-only', 'end-of-life', 'unknown', 'unreleased'],
    'Showing 2 entries whose release line is supported on 2026-11-28; 3 entries hidden (end of life, not released yet, or no support dates recorded).',
  ],
  [
    ['supported', 'end-of-life'],
    'Showing 1 entry whose release line is supported on 2026-11-28; 1 entry hidden (end of life, not released yet, or no support dates recorded).',
  ],
  [
    [],
    'Showing 0 entries whose release line is supported on 2026-11-28; 0 entries hidden (end of life, not released yet, or no support dates recorded).',
  ],
]

for (const [statuses, note] of NOTES) {
  test(`the support filter's note over ${statuses.join(', ') || 'no rows'}`, () =>
    assert.equal(
      supportedNote(
        statuses.map((status, index) => use(`3.${index}`, status)),
        DAY,
      ),
      note,
    ))
}

test('the support filter is offered, with its note, only where some entry’s status is known', () => {
  const known = renderHtml(
    dependencyPageMain(
      view([use('3.2', 'supported'), use('1.0', 'unknown', 'other')]),
      'etcd',
      DAY,
    ),
  )
  assert.match(
    known,
    /<input id="only-supported" type="checkbox" aria-describedby="only-supported-hint">/,
  )
  assert.match(known, /Supported or getting security fixes on 2026-11-28/)
  assert.match(
    known,
    /<p class="supported-note" id="supported-note" data-date="[^"]+">Showing 1 entry /,
  )
  // Before the results, so the stylesheet's :has() reaches them from <main>.
  assert.ok(known.indexOf('only-supported') < known.indexOf('dependency-results'))
  const unknown = renderHtml(
    dependencyPageMain(view([use('1.0', 'unknown', 'other')]), 'etcd', DAY),
  )
  assert.doesNotMatch(unknown, /only-supported|supported-note/)
})
