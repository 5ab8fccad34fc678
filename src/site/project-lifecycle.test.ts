import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fixtureDataset, fixtureDocuments } from '../../test/support/fixture-dataset.ts'
import type { ProjectDocument } from '../api/response-schemas.ts'
import { evaluateLifecycle } from '../core/lifecycle/evaluate-lifecycle.ts'
import { projectLifecycle } from './project-lifecycle.ts'

const dataset = fixtureDataset()

// Days around the platform fixture's ends: before a release, on an end, after every end.
for (const day of ['2025-08-26', '2026-10-27', '2026-11-28', '2030-01-01']) {
  test(`a page's lifecycle answer is the API's own on ${day}, for every fixture project`, () => {
    for (const document of fixtureDocuments()) {
      const expected = evaluateLifecycle(dataset, document.id, day)
      const made = projectLifecycle(document, day)
      if (document.lifecycle === undefined) assert.equal(made, null, document.id)
      else assert.deepEqual(made, expected, document.id)
    }
  })
}

test('the block’s sources stay the block’s; a line that cites its own carries them', () => {
  const source = (url: string) => ({ title: url, url, accessedAt: '2026-10-01' })
  const document: ProjectDocument = {
    id: 'platform',
    name: 'Platform',
    categories: [],
    website: 'https://example.org',
    versions: {},
    lifecycle: {
      confidence: 'high',
      lastVerified: '2026-10-01',
      sources: [source('https://a.example')],
      lines: {
        '1.2': {
          released: '2026-01-01',
          supportUntil: null,
          sources: [source('https://b.example')],
        },
        '1.1': {
          released: '2025-01-01',
          supportUntil: '2026-01-01',
          sources: [source('https://a.example'), source('https://c.example')],
        },
      },
    },
  }
  const answer = projectLifecycle(document, '2026-11-28')
  assert.deepEqual(
    answer?.sources.map((item) => item.url),
    ['https://a.example'],
  )
  assert.deepEqual(
    answer?.lines.map((line) => [line.line, line.sources.map((item) => item.url)]),
    [
      ['1.2', ['https://b.example']],
      ['1.1', ['https://a.example', 'https://c.example']],
    ],
  )
})
