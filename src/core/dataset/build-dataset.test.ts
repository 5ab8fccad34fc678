import assert from 'node:assert/strict'
import { test } from 'node:test'
import { evaluateCheck } from '../check/evaluate-check.ts'
import { buildDataset, buildLazily, type CompiledEntry } from './build-dataset.ts'
import type { DependencyEntry, ProjectDocument } from './schema.ts'

const source = {
  title: 'Install guide',
  url: 'https://example.org/install',
  accessedAt: '2026-11-01',
}

function entry(ranges: string[], notes: string[]): DependencyEntry {
  return {
    ranges,
    relationship: 'runtime',
    confidence: 'high',
    lastVerified: '2026-11-01',
    notes,
    sources: [{ ...source }],
  }
}

// Each document is parsed on its own, so equal lists arrive as separate arrays.
function project(id: string): ProjectDocument {
  return {
    id,
    name: id,
    categories: ['test'],
    website: `https://example.org/${id}`,
    versions: {
      '1.0': { dependencies: { python: entry(['>=3.10 <3.13', '3.13'], [`${id} 1.0`]) } },
      '2.0': { dependencies: { python: entry(['>=3.10 <3.13', '3.13'], [`${id} 2.0`]) } },
    },
  }
}

const compiledEntry = (
  dataset: ReturnType<typeof buildDataset>,
  id: string,
  version: string,
): CompiledEntry =>
  dataset.projects.get(id)?.versionsByKey.get(version)?.dependencies.get('python') as CompiledEntry

test('repeated range lists, strings and sources are shared, and answers do not change', () => {
  const dataset = buildDataset([project('alpha'), project('beta')])
  const first = compiledEntry(dataset, 'alpha', '1.0')
  // project, version: entries whose lists are equal to the first one's
  for (const [id, version] of [
    ['alpha', '2.0'],
    ['beta', '1.0'],
    ['beta', '2.0'],
  ] as const) {
    const other = compiledEntry(dataset, id, version)
    assert.equal(other.entry.ranges, first.entry.ranges, `${id} ${version} range texts`)
    assert.equal(other.ranges, first.ranges, `${id} ${version} parsed ranges`)
    assert.equal(other.entry.sources, first.entry.sources, `${id} ${version} sources`)
    assert.equal(other.entry.confidence, first.entry.confidence)
    assert.notEqual(other.entry.notes, first.entry.notes, 'notes are one of a kind')
  }
  // dependencyVersion, compatible: in each range, and outside both
  for (const [dependencyVersion, compatible] of [
    ['3.12.4', 'compatible'],
    ['3.13.1', 'compatible'],
    ['3.9', 'incompatible'],
  ] as const) {
    const request = { project: 'beta', version: '2.0', dependency: 'python', dependencyVersion }
    assert.equal(evaluateCheck(dataset, request).compatible, compatible, dependencyVersion)
  }
})

test('a lazy dataset reads each project once, when first looked at, and lists all in id order', () => {
  const reads: string[] = []
  const deferred = ['gamma', 'alpha', 'beta'].map((id) => ({
    id,
    aliases: [`${id}-alias`],
    entryCount: 2,
    purls: { written: [`npm//${id}`], implied: ['github/shared/repo'] },
    load: () => {
      reads.push(id)
      return project(id)
    },
  }))
  const dataset = buildLazily(deferred)
  assert.deepEqual([...dataset.projects.keys()], ['alpha', 'beta', 'gamma'])
  assert.equal(dataset.entryCount, 6)
  assert.equal(dataset.projects.has('beta'), true)
  assert.equal(dataset.names.get('beta-alias'), 'beta')
  assert.deepEqual(dataset.purlKeys?.get('gamma'), {
    written: ['npm//gamma'],
    implied: ['github/shared/repo'],
  })
  assert.deepEqual(reads, [], 'nothing read before it is looked at')
  assert.equal(dataset.aliases.get('beta-alias')?.document.id, 'beta')
  assert.equal(dataset.projects.get('beta'), dataset.projects.get('beta'))
  assert.deepEqual(reads, ['beta'])
  assert.deepEqual(
    [...dataset.projects.values()].map((compiled) => compiled.document.id),
    ['alpha', 'beta', 'gamma'],
  )
  assert.deepEqual(reads, ['beta', 'alpha', 'gamma'])
  assert.equal(
    evaluateCheck(dataset, {
      project: 'gamma-alias',
      version: '1.0',
      dependency: 'python',
      dependencyVersion: '3.11',
    }).compatible,
    'compatible',
  )
})

test('a lazy dataset lists and looks up what an eager one does, aliases included', () => {
  const documents = ['gamma', 'alpha', 'beta'].map((id) => ({
    ...project(id),
    aliases: [`${id}-x`],
  }))
  const eager = buildDataset(documents)
  const lazy = buildLazily(
    documents.map((document) => ({
      id: document.id,
      aliases: document.aliases,
      entryCount: 2,
      load: () => document,
    })),
  )
  const ids = (projects: Iterable<{ document: ProjectDocument }>) =>
    [...projects].map((compiled) => compiled.document.id)
  for (const map of ['projects', 'aliases'] as const) {
    assert.deepEqual([...lazy[map].keys()], [...eager[map].keys()], `${map} keys`)
    assert.deepEqual(ids(lazy[map].values()), ids(eager[map].values()), `${map} values`)
    const entries = (dataset: typeof lazy) =>
      [...dataset[map].entries()].map(([key, compiled]) => `${key}:${compiled.document.id}`)
    assert.deepEqual(entries(lazy), entries(eager), `${map} entries`)
    const seen: string[] = []
    lazy[map].forEach((compiled, key) => {
      seen.push(`${key}:${compiled.document.id}`)
    })
    assert.deepEqual(seen, entries(eager), `${map} forEach`)
    assert.equal(lazy[map].size, eager[map].size, `${map} size`)
  }
})

test('a project that cannot be compiled throws at each look, naming it, and is read once', () => {
  let reads = 0
  const broken = {
    ...project('broken'),
    versions: { '1.0': { dependencies: { python: entry(['>=>='], []) } } },
  }
  const dataset = buildLazily([
    {
      id: 'broken',
      aliases: [],
      entryCount: 1,
      load: () => {
        reads++
        return broken
      },
    },
  ])
  assert.throws(() => dataset.projects.get('broken'), /project 'broken' cannot be compiled/)
  assert.throws(() => [...dataset.projects.values()], /project 'broken' cannot be compiled/)
  assert.equal(reads, 1)
})
