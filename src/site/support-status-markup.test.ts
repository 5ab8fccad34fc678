import assert from 'node:assert/strict'
import { test } from 'node:test'
import { renderHtml } from './render-html.ts'
import { daysLeftText, getsFixes, supportBadge, supportPhrase } from './support-status-markup.ts'

// [status, supportUntil, released, phrase]
const PHRASES = [
  ['supported', '2027-02-28', undefined, 'supported until 2027-02-28'],
  ['supported', null, undefined, 'supported, no end announced'],
  ['security-only', '2026-10-27', undefined, 'security fixes until 2026-10-27'],
  ['security-only', null, undefined, 'security fixes only, no end announced'],
  ['end-of-life', '2026-10-27', undefined, 'end of life since 2026-10-27'],
  ['end-of-life', true, undefined, 'ended (date not published)'],
  ['unreleased', '2028-01-01', '2027-04-22', 'not released yet (due 2027-04-22)'],
  ['unreleased', null, undefined, 'not released yet'],
  ['unknown', null, undefined, 'no support dates recorded'],
] as const

for (const [status, supportUntil, released, phrase] of PHRASES) {
  test(`supportPhrase: ${status} with ${supportUntil} reads “${phrase}”`, () =>
    assert.equal(
      supportPhrase({ status, supportUntil, ...(released === undefined ? {} : { released }) }),
      phrase,
    ))
}

// [days left, words]
const DAYS = [
  [null, null],
  [0, 'last day'],
  [1, '1 day left'],
  [92, '92 days left'],
] as const

for (const [days, words] of DAYS) {
  test(`daysLeftText(${days}) is ${words}`, () => assert.equal(daysLeftText(days), words))
}

test('only supported and security-only lines get fixes', () =>
  assert.deepEqual(
    (['unreleased', 'supported', 'security-only', 'end-of-life', 'unknown'] as const).filter(
      getsFixes,
    ),
    ['supported', 'security-only'],
  ))

test('a support badge says its words, and "support:" first to screen readers', () =>
  assert.equal(
    renderHtml(supportBadge('end-of-life', 'end of life since 2026-10-27')),
    '<span class="badge support-end-of-life"><span class="visually-hidden">support: </span>end of life since 2026-10-27</span>',
  ))
