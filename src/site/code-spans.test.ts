import assert from 'node:assert/strict'
import { test } from 'node:test'
import { codeSpans } from './code-spans.ts'
import { renderHtml } from './render-html.ts'

// [text, as HTML]
const CASES: [string, string][] = [
  ['no code here', 'no code here'],
  [
    'reads `helm list -o json` and `kubectl version -o json`',
    'reads <code>helm list -o json</code> and <code>kubectl version -o json</code>',
  ],
  ['`components` must be a list', '<code>components</code> must be a list'],
  ['an unpaired ` stays', 'an unpaired ` stays'],
  ['three ` marks ` here `', 'three ` marks ` here `'],
  ['`<b>` escaped', '<code>&lt;b&gt;</code> escaped'],
]

for (const [text, html] of CASES) {
  test(`code spans: ${text}`, () => {
    assert.equal(renderHtml(codeSpans(text)), html)
  })
}
