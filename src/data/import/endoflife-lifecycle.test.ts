import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LifecycleLine } from '../../core/dataset/schema.ts'
import { ENDOFLIFE_NOTE, endoflifeLifecycle, endoflifeSource } from './endoflife-lifecycle.ts'
import type { EndoflifeRelease } from './read-endoflife-product.ts'

const COMMIT = 'a70eca337600e7d721dc48112c271f98661d208b'
const TODAY = '2026-11-28'
const SOURCE = endoflifeSource('demo', COMMIT, TODAY)

const released = { releaseCycle: '1.2', releaseDate: '2024-01-15' }

// Columns: the rule, the release as read, the line written (without its sources).
const CASES: readonly (readonly [string, EndoflifeRelease, Omit<LifecycleLine, 'sources'>])[] = [
  [
    'dates stay dates, field for field',
    {
      ...released,
      eoas: '2024-07-01',
      eol: '2025-01-15',
      eoes: '2027-01-15',
      latest: '1.2.9',
    },
    {
      released: '2024-01-15',
      activeSupportUntil: '2024-07-01',
      supportUntil: '2025-01-15',
      extendedSupportUntil: '2027-01-15',
      latest: '1.2.9',
    },
  ],
  [
    'false is null (no end announced); true stays true (ended, no date)',
    { ...released, eoas: true, eol: false, eoes: false },
    {
      released: '2024-01-15',
      activeSupportUntil: true,
      supportUntil: null,
      extendedSupportUntil: null,
    },
  ],
  [
    'no eol is null; no eoas or eoes leaves the field out',
    released,
    { released: '2024-01-15', supportUntil: null },
  ],
  [
    'lts true is lts',
    { ...released, lts: true, eol: true },
    { released: '2024-01-15', supportUntil: true, lts: true },
  ],
  [
    'lts as a date (the day it became LTS) is lts',
    { ...released, lts: '2024-10-29', eol: '2027-04-30' },
    { released: '2024-01-15', supportUntil: '2027-04-30', lts: true },
  ],
  [
    'lts false is left out',
    { ...released, lts: false, eol: '2025-01-15' },
    { released: '2024-01-15', supportUntil: '2025-01-15' },
  ],
]

for (const [rule, release, line] of CASES) {
  test(`endoflifeLifecycle: ${rule}`, () => {
    const lifecycle = endoflifeLifecycle({ slug: 'demo', releases: [release] }, COMMIT, TODAY)
    assert.deepEqual(lifecycle.lines[release.releaseCycle], { ...line, sources: [SOURCE] })
  })
}

test('endoflifeLifecycle: the block is high confidence, verified today, cited to the pinned file', () => {
  const lifecycle = endoflifeLifecycle(
    { slug: 'demo', releases: [released, { ...released, releaseCycle: '1.1' }] },
    COMMIT,
    TODAY,
  )
  assert.deepEqual(
    { ...lifecycle, lines: Object.keys(lifecycle.lines) },
    {
      confidence: 'high',
      lastVerified: TODAY,
      sources: [
        {
          title: 'endoflife.date product file products/demo.md at a70eca3',
          url: `https://github.com/endoflife-date/endoflife.date/blob/${COMMIT}/products/demo.md`,
          accessedAt: TODAY,
        },
      ],
      notes: [ENDOFLIFE_NOTE],
      importedFrom: 'endoflife',
      lines: ['1.2', '1.1'],
    },
  )
})
