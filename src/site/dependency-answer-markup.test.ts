import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { DependencyUse, DependencyView } from '../api/response-schemas.ts'
import { dependencyAnswer, dependencyAnswerMarkup } from './dependency-answer-markup.ts'
import { renderHtml } from './render-html.ts'

function use(
  project: string,
  version: string,
  compatible: DependencyUse['compatible'],
  status: DependencyUse['status'] = 'unknown',
): DependencyUse {
  return {
    project,
    version,
    since: false,
    key: 'kubernetes',
    ranges: ['>=1.30'],
    constraints: [],
    basis: 'supported',
    relationship: 'platform',
    confidence: 'high',
    lastVerified: '2026-10-01',
    status,
    compatible,
  }
}

// [what, entries (each project's newest first), the answer: "project version" each, projects with none]
const CASES: [string, DependencyUse[], string[], string[]][] = [
  [
    'the newest compatible version of each project',
    [
      use('a', '3.0', 'incompatible'),
      use('a', '2.0', 'compatible'),
      use('a', '1.0', 'compatible'),
      use('b', '5.0', 'compatible'),
    ],
    ['a 2.0', 'b 5.0'],
    [],
  ],
  [
    'the newest on a line that still gets fixes, before a newer one at its end of life',
    [
      use('a', '3.0', 'compatible', 'unreleased'),
      use('a', '2.0', 'compatible', 'security-only'),
      use('a', '1.0', 'compatible', 'end-of-life'),
    ],
    ['a 2.0'],
    [],
  ],
  [
    'with none supported, the newest compatible, whatever its line',
    [use('a', '2.0', 'compatible', 'end-of-life'), use('a', '1.0', 'compatible', 'end-of-life')],
    ['a 2.0'],
    [],
  ],
  [
    'a project with no compatible version is named apart',
    [use('a', '2.0', 'incompatible'), use('a', '1.0', 'unknown'), use('b', '1.0', 'compatible')],
    ['b 1.0'],
    ['a'],
  ],
]

for (const [what, entries, working, none] of CASES) {
  test(`the dependency answer: ${what}`, () => {
    const answer = dependencyAnswer(entries)
    assert.deepEqual(
      answer.working.map((found) => `${found.project} ${found.version}`),
      working,
    )
    assert.deepEqual(
      answer.none.map((item) => item.project),
      none,
    )
  })
}

const view = (version: string | null, entries: DependencyUse[]): DependencyView => ({
  dependency: 'kubernetes',
  project: null,
  version,
  date: '2026-12-07',
  entries,
})

test('the answer’s section: its heading, counts, each project’s line with its support, and who has none', () => {
  assert.equal(dependencyAnswerMarkup(view(null, [use('a', '1.0', undefined)])), null)
  const html = renderHtml(
    dependencyAnswerMarkup(
      view('1.34', [
        use('a', '2.0', 'compatible', 'supported'),
        use('b', '1.0', 'incompatible', 'end-of-life'),
        use('b', '0.9', 'unknown', 'end-of-life'),
      ]),
    ) ?? [],
  )
  assert.match(
    html,
    /<h2 id="dependency-answer-heading" tabindex="-1">With kubernetes 1\.34: the newest version of each project that works<\/h2>/,
  )
  assert.match(
    html,
    /1 of 2 projects document a version compatible with kubernetes 1\.34; for 1 of them it is on a release line supported on 2026-12-07/,
  )
  assert.match(
    html,
    /<li class="answer-item" data-status="supported"><a href="\/projects\/a">a<\/a> <a href="\/projects\/a#evidence\/2\.0\/kubernetes"/,
  )
  assert.match(
    html,
    /No version documented compatible with 1\.34: <a href="#project-b">b<\/a> \(1 incompatible, 1 unknown\)\./,
  )
})
