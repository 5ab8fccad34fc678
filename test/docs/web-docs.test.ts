/**
 * docs/web.md names the page's controls as the page labels them: every checkbox of the stack
 * page (its plan form included) is named in bold by its own label, so that a label changed on
 * the page fails here until the documentation follows.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { EMPTY_PLAN } from '../../src/site/plan-query.ts'
import { renderHtml } from '../../src/site/render-html.ts'
import { planForm, stackPageMain } from '../../src/site/stack-page-markup.ts'
import { REPO_ROOT } from '../support/run-compat.ts'

const WEB_DOC = readFileSync(`${REPO_ROOT}docs/web.md`, 'utf8')

/** The text of every label that holds a checkbox. */
function checkboxLabels(html: string): string[] {
  return [...html.matchAll(/<label[^>]*><input[^>]*type="checkbox"[^>]*>([^<]*)<\/label>/g)].map(
    (match) => (match[1] as string).trim(),
  )
}

test('docs/web.md names every checkbox of the stack page by its label', () => {
  const html = renderHtml([...stackPageMain(['platform'], null), planForm(EMPTY_PLAN)])
  const labels = [...new Set(checkboxLabels(html))]
  assert.ok(labels.length >= 2, `checkboxes found: ${labels.join(', ')}`)
  for (const label of labels) {
    assert.ok(WEB_DOC.includes(`**${label}**`), `docs/web.md names “${label}” in bold`)
  }
})
