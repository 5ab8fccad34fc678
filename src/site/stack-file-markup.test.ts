import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatName } from '../api/file-format-names.ts'
import { MAX_FORM_FILES } from '../api/request-limits.ts'
import type { DerivedStackAnswer } from '../core/stack/derived-stack-answer.ts'
import { LONG_LIST } from './file-lists-markup.ts'
import { renderHtml } from './render-html.ts'
import {
  type StackFileOutcome,
  stackFileForm,
  stackFileResult,
  stackFileSummary,
  stackUrl,
} from './stack-file-markup.ts'

const text = (html: string) => html.replace(/<[^>]+>/g, '')

type Match = DerivedStackAnswer['matches'][number]
type Unmatched = DerivedStackAnswer['unmatched'][number]

/** A derived answer with the fields the file section reads; the stack's own are placeholders. */
function derived(overrides: Partial<DerivedStackAnswer> = {}): DerivedStackAnswer {
  return {
    components: { 'cert-manager': 'v1.15.3', 'ingress-nginx': '1.11.2' },
    compatible: 'unknown',
    reason: 'No component documents another.',
    resolved: {},
    pairs: [],
    unpaired: ['cert-manager', 'ingress-nginx'],
    date: '2026-11-28',
    support: [],
    derivedFrom: { format: 'helm-list', components: 4, matched: 2 },
    matches: [
      match('cert-manager', 'v1.15.3', 'cert-manager', 'purl', '/0'),
      match('ingress-nginx', '1.11.2', 'ingress-nginx', 'name', '/1'),
    ],
    unmatched: [
      unmatched('kube-prometheus-stack', '65.1.0', '/2'),
      unmatched('shop-web', '0.1.0-rc.1', '/4'),
    ],
    duplicates: [
      {
        name: 'ingress-nginx',
        kept: '4.11.2',
        reason: 'the highest version',
        others: [{ version: '4.10.1', location: '/3' }],
      },
    ],
    ...overrides,
  }
}

function match(
  name: string,
  version: string,
  project: string,
  by: Match['by'],
  location: string,
): Match {
  return { name, version, project, by, location }
}

function unmatched(
  name: string | null,
  version: string | null,
  location: string,
  fields: Partial<Unmatched> = {},
): Unmatched {
  return {
    name,
    version,
    purl: null,
    reason: 'no catalogued project has this name',
    nearest: [],
    location,
    ...fields,
  }
}

// [format, as people name it]
const FORMATS: [string, string][] = [
  ['cyclonedx', 'CycloneDX JSON'],
  ['spdx', 'SPDX JSON'],
  ['package-lock', 'npm package-lock.json'],
  ['requirements', 'pip requirements.txt'],
  ['helm-list', 'helm list -o json'],
  ['kubectl-version', 'kubectl version -o json'],
  ['something-new', 'something-new'],
]

for (const [format, name] of FORMATS) {
  test(`the format ${format} reads “${name}”`, () => {
    assert.equal(formatName(format), name)
  })
}

// [answer, the summary sentence]
const SUMMARIES: [DerivedStackAnswer, string][] = [
  [
    derived(),
    'Read as helm list -o json: 4 components found: 2 matched catalogued projects, 2 matched none; 1 name found at several versions.',
  ],
  [
    derived({
      derivedFrom: { format: 'kubectl-version', components: 1, matched: 1 },
      matches: [match('kubernetes', 'v1.33.2', 'kubernetes', 'name', '/serverVersion')],
      unmatched: [],
      duplicates: [],
    }),
    'Read as kubectl version -o json: 1 component found: 1 matched a catalogued project, 0 matched none.',
  ],
  // Two components naming one project (its package and its repository); an entry without a
  // version left out beside the components: the counts still add up.
  [
    derived({
      derivedFrom: { format: 'cyclonedx', components: 5, matched: 2 },
      matches: [
        match('@angular/core', '20.1.0', 'angular', 'purl', '/components/0'),
        match('angular', '20.1.0', 'angular', 'purl', '/components/1'),
        match('nginx', '1.27.0', 'nginx', 'purl', '/components/2'),
      ],
      unmatched: [
        unmatched('left-pad', '1.3.0', '/components/3'),
        unmatched('leftover', '2.0.0', '/components/4'),
        unmatched('unversioned', null, '/components/5', { reason: 'has no version' }),
      ],
      duplicates: [],
    }),
    'Read as CycloneDX JSON: 5 components found: 3 matched 2 catalogued projects, 2 matched none; 1 more entry left out.',
  ],
]

for (const [answer, expected] of SUMMARIES) {
  test(`the summary: ${expected}`, () => {
    assert.equal(stackFileSummary(answer), expected)
  })
}

test('a stack’s address holds its components in order, encoded', () => {
  assert.equal(
    stackUrl([
      ['cert-manager', 'v1.15.3'],
      ['a b', '1+k3s1'],
    ]),
    '/stack?cert-manager=v1.15.3&a+b=1%2Bk3s1',
  )
})

// [what, outcome, phrases its text holds, in order]
const RESULTS: [string, StackFileOutcome, string[]][] = [
  [
    'a derived stack: what was read, the link, matched, not matched, duplicates',
    { derived: derived() },
    [
      'From your file',
      'Read as helm list -o json: 4 components found',
      'The stack’s 2 components fill the form above; a link to this stack checks it again',
      'Matched (2)',
      'cert-manager → cert-manager v1.15.3 (by package URL, at /0)',
      'ingress-nginx → ingress-nginx 1.11.2 (by name, at /1)',
      'Not in the stack (2)',
      'kube-prometheus-stack 65.1.0: no catalogued project has this name (at /2)',
      'shop-web 0.1.0-rc.1: no catalogued project has this name (at /4)',
      'Found at several versions (1)',
      'ingress-nginx: kept 4.11.2 (the highest version); also 4.10.1 at /3',
    ],
  ],
  [
    'an unmatched component with its purl and nearest names, one without a name or version',
    {
      derived: derived({
        unmatched: [
          unmatched('redis', '4.7.0', '/components/3', {
            purl: 'pkg:npm/redis@4.7.0',
            reason: 'no catalogued project has this package URL',
            nearest: ['redis-py', 'valkey'],
          }),
          unmatched(null, null, 'line 2', {
            reason: 'includes base.txt, which is not followed here',
          }),
          unmatched('root', null, '', { reason: 'the root' }),
        ],
        duplicates: [],
      }),
    },
    [
      'redis 4.7.0 pkg:npm/redis@4.7.0: no catalogued project has this package URL (at /components/3)Nearest catalogued names: redis-py, valkey',
      '(no name): includes base.txt, which is not followed here (at line 2)',
      'root: the root (the whole file)',
    ],
  ],
  [
    'nothing matched: no stack, nothing to link',
    {
      derived: derived({
        components: {},
        matches: [],
        derivedFrom: { format: 'cyclonedx', components: 1, matched: 0 },
      }),
    },
    [
      'Nothing in the file matched a catalogued project, so there is no stack to check.',
      'Matched (0)',
      'No component matched a catalogued project.',
    ],
  ],
  [
    'a stack larger than the form: said, not filled',
    {
      derived: derived({
        components: Object.fromEntries(
          Array.from({ length: 40 }, (_, index) => [`p${index}`, '1.0']),
        ),
      }),
    },
    [
      'The stack has 40 components: the form and its address hold at most 32, so they are not filled. The verdict below is for all 40.',
    ],
  ],
  [
    'faults, each where it is',
    {
      faults: [
        { location: 'line 1, column 6', reason: 'is not valid JSON: unexpected token' },
        { location: '', reason: 'is not a stack file compat reads' },
      ],
    },
    [
      'Your file could not be read',
      'line 1, column 6 is not valid JSON: unexpected token',
      'The file is not a stack file compat reads',
      'Your text is kept in the box',
    ],
  ],
  [
    'a refusal in words',
    {
      refused:
        'The file matches 300 catalogued projects; a stack derived from a file holds at most 256.',
    },
    [
      'Your file was not checked',
      'The file matches 300 catalogued projects; a stack derived from a file holds at most 256.',
    ],
  ],
]

for (const [what, outcome, phrases] of RESULTS) {
  test(`the file’s result: ${what}`, () => {
    const shown = text(renderHtml(stackFileResult(outcome)))
    let from = 0
    for (const phrase of phrases) {
      const at = shown.indexOf(phrase, from)
      assert.ok(at >= 0, `“${phrase}” after ${from} in: ${shown}`)
      from = at + phrase.length
    }
  })
}

test('the link names the derived stack’s address; nearest names and projects link to their pages', () => {
  const html = renderHtml(
    stackFileResult({
      derived: derived({
        unmatched: [unmatched('redis', '4.7.0', '/3', { nearest: ['redis-py'] })],
      }),
    }),
  )
  assert.match(
    html,
    /<a href="\/stack\?cert-manager=v1\.15\.3&amp;ingress-nginx=1\.11\.2" id="derived-stack-link">/,
  )
  assert.match(html, /<a href="\/projects\/cert-manager">cert-manager<\/a>/)
  assert.match(html, /<a href="\/projects\/redis-py">redis-py<\/a>/)
})

// [items, folded into a <details>]
const FOLDS: [number, boolean][] = [
  [LONG_LIST, false],
  [LONG_LIST + 1, true],
]

for (const [count, folded] of FOLDS) {
  test(`${count} components not matched are ${folded ? '' : 'not '}folded, every one listed`, () => {
    const items = Array.from({ length: count }, (_, index) =>
      unmatched(`left-${index}`, '1.0.0', `/components/${index}`),
    )
    const html = renderHtml(stackFileResult({ derived: derived({ unmatched: items }) }))
    assert.equal(
      html.includes(
        `<details class="file-details"><summary>${count} components not in the stack, with why</summary>`,
      ),
      folded,
    )
    for (let index = 0; index < count; index++) assert.ok(html.includes(`left-${index}`))
  })
}

test('the file’s text is kept in the box as text, a leading newline too', () => {
  const hostile = '\n</textarea><script>alert(1)</script>'
  const html = renderHtml(stackFileForm(hostile))
  assert.ok(
    html.includes('>\n\n&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>'),
    html,
  )
  assert.match(
    renderHtml(stackFileForm()),
    /<form class="stack-file-form" method="post" action="\/stack#file-result" accept-charset="utf-8"[^>]*>/,
  )
  assert.match(renderHtml(stackFileForm()), /<textarea [^>]*name="file"[^>]*><\/textarea>/)
})

test('names from the file are text, never markup', () => {
  const html = renderHtml(
    stackFileResult({
      derived: derived({
        unmatched: [unmatched('<img src=x onerror=alert(1)>', '"1"', '/0')],
      }),
    }),
  )
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'))
  assert.ok(html.includes('&quot;1&quot;'))
  assert.doesNotMatch(html, /<img/)
})

test('the form: a box for each file posted, then one more for another, up to the most it takes', () => {
  const boxes = (others: readonly string[]) =>
    [...renderHtml(stackFileForm('a', '', others)).matchAll(/<textarea id="([^"]+)"/g)].map(
      (match) => match[1],
    )
  assert.deepEqual(boxes([]), ['stack-file-text', 'stack-file-text-2'])
  assert.deepEqual(boxes(['b']), ['stack-file-text', 'stack-file-text-2', 'stack-file-text-3'])
  const full = Array.from({ length: MAX_FORM_FILES - 1 }, () => 'x')
  assert.equal(boxes(full).length, MAX_FORM_FILES)
})
