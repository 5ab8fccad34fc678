/** The fixture projects (test/fixtures/data) compiled straight into a dataset, for core tests. */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { buildDataset, type Dataset } from '../../src/core/dataset/build-dataset.ts'
import type { ProjectDocument } from '../../src/core/dataset/schema.ts'
import { validateDocument } from '../../src/core/dataset/validate-document.ts'

export const FIXTURE_PROJECT_IDS = [
  'webapp',
  'dashboard',
  'cloud-operator',
  'platform',
  'db-operator',
  'pgdb',
] as const

export function fixtureDocuments(): ProjectDocument[] {
  return FIXTURE_PROJECT_IDS.map((id) => {
    const text = readFileSync(new URL(`../fixtures/data/${id}.yaml`, import.meta.url), 'utf8')
    const document = parse(text) as ProjectDocument
    assert.deepEqual(validateDocument(document, id), [], `fixture ${id} is valid`)
    return document
  })
}

export function fixtureDataset(): Dataset {
  return buildDataset(fixtureDocuments())
}
