import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { projectJsonSchema } from './project-json-schema.ts'

test('data/schema/project.schema.json is generated from the current schema (npm run data:schema)', () => {
  const file = readFileSync(
    new URL('../../../data/schema/project.schema.json', import.meta.url),
    'utf8',
  )
  assert.deepEqual(JSON.parse(file), projectJsonSchema())
})
