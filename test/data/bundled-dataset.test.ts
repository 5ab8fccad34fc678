/** Invariants any correct bundled dataset keeps, checked through the real loader. */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { BUNDLED_DATA_DIR } from '../../src/data/bundled-data-dir.ts'
import { formatFault } from '../../src/data/format-fault.ts'
import { loadDataset } from '../../src/data/load-dataset.ts'

const result = await loadDataset(BUNDLED_DATA_DIR)

test('the bundled dataset loads without a fault', () => {
  assert.ok(
    result.ok,
    result.ok ? '' : result.faults.map((fault) => formatFault(fault, process.cwd())).join('\n'),
  )
})

test('every file points editors at the generated JSON Schema', () => {
  assert.ok(result.ok)
  for (const file of result.loaded.files) {
    if (!file.endsWith('.yaml')) continue
    const firstLine = readFileSync(file, 'utf8').split('\n')[0]
    assert.equal(firstLine, '# yaml-language-server: $schema=../schema/project.schema.json', file)
  }
})

test('every project documents at least one version, every version at least one dependency', () => {
  assert.ok(result.ok)
  for (const [id, project] of result.loaded.dataset.projects) {
    assert.ok(project.versions.length > 0, id)
    for (const version of project.versions)
      assert.ok(version.dependencies.size > 0, `${id} ${version.key}`)
  }
})

test('no evidence is dated in the future, and none was verified before it was read', () => {
  assert.ok(result.ok)
  const today = new Date().toISOString().slice(0, 10)
  for (const [id, project] of result.loaded.dataset.projects) {
    for (const version of project.versions) {
      for (const [key, { entry }] of version.dependencies) {
        const label = `${id} ${version.key} ${key}`
        const read = entry.sources.map((source) => source.accessedAt)
        for (const date of read) assert.ok(date <= today, `${label}: accessedAt ${date}`)
        if (entry.lastVerified !== null) {
          assert.ok(entry.lastVerified <= today, `${label}: lastVerified`)
          if (read.length > 0)
            assert.ok(
              read.some((date) => date <= (entry.lastVerified as string)),
              label,
            )
        }
        for (const note of entry.notes) assert.ok(note.trim().length > 0, `${label}: empty note`)
      }
    }
  }
})

test('every entry names its evidence: sources for all but low confidence', () => {
  assert.ok(result.ok)
  for (const [id, project] of result.loaded.dataset.projects) {
    for (const version of project.versions) {
      for (const [key, { entry }] of version.dependencies) {
        if (entry.confidence !== 'low')
          assert.ok(entry.sources.length > 0, `${id} ${version.key} ${key}`)
        for (const source of entry.sources)
          assert.match(source.url, /^https:\/\//, `${id} ${version.key} ${key}`)
      }
    }
  }
})
