/** Invariants any correct bundled dataset keeps, checked through the real loader. */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { coverageTable, readUpstreamReleases, withCoverage } from '../../scripts/coverage-table.ts'
import { findProject } from '../../src/core/dataset/build-dataset.ts'
import { KEY_SYNONYMS } from '../../src/core/dataset/key-synonyms.ts'
import type { UpgradeNote } from '../../src/core/dataset/schema.ts'
import { compareVersions } from '../../src/core/version/compare-versions.ts'
import { BUNDLED_DATA_DIR } from '../../src/data/bundled-data-dir.ts'
import { formatFault } from '../../src/data/format-fault.ts'
import { loadDataset } from '../../src/data/load-dataset.ts'
import { movingReason } from '../support/moving-source.ts'

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

test('every source is pinned: a tag, a commit or a versioned page, never a moving branch', () => {
  assert.ok(result.ok)
  const moving: string[] = []
  for (const [id, project] of result.loaded.dataset.projects) {
    for (const version of project.versions) {
      for (const [key, { entry }] of version.dependencies) {
        for (const source of entry.sources) {
          const reason = movingReason(source.url)
          if (reason !== null) moving.push(`${id} ${version.key} ${key}: ${source.url} (${reason})`)
        }
      }
    }
  }
  assert.deepEqual(moving, [])
})

// The ids the public compatibility service uses; clients of it ask for them unchanged.
const PUBLIC_SERVICE_IDS = [
  'ansible',
  'ansible-core',
  'apache-kafka',
  'apache-tomcat',
  'argocd',
  'barman-cloud-plugin',
  'calico',
  'cert-manager',
  'cilium',
  'cloudnativepg',
  'confluence-data-center',
  'coredns',
  'crossplane',
  'elasticsearch',
  'envoy-gateway',
  'external-secrets-operator',
  'flux',
  'gitlab',
  'gitlab-helm',
  'gitlab-runner',
  'gitlab-runner-helm',
  'grafana',
  'harbor',
  'harvester',
  'helm',
  'istio',
  'jenkins',
  'jira-data-center',
  'k3s',
  'keycloak',
  'kubernetes-version-skew',
  'kubevirt',
  'kyverno',
  'loki',
  'longhorn',
  'mariadb',
  'mariadb-operator',
  'mysql',
  'neuvector',
  'nextcloud',
  'postgresql',
  'prometheus-operator',
  'rancher',
  'rancher-manager',
  'red-hat-advanced-cluster-management',
  'rke2',
  'rook-ceph',
  'rundeck',
  'sonarqube-server',
  'strimzi-kafka-operator',
  'teslamate',
  'traefik-helm-chart',
  'traefik-hub-api-gateway',
  'traefik-proxy',
  'velero',
  'wikijs',
]

test('every project id of the public compatibility service resolves, as an id or an alias', () => {
  assert.ok(result.ok)
  const { dataset } = result.loaded
  const missing = PUBLIC_SERVICE_IDS.filter((id) => findProject(dataset, id) === undefined)
  assert.deepEqual(missing, [])
})

test('the coverage table of data/README.md is current (npm run data:coverage)', () => {
  assert.ok(result.ok)
  const readme = readFileSync(new URL('../../data/README.md', import.meta.url), 'utf8')
  assert.equal(
    withCoverage(readme, coverageTable(result.loaded.dataset, readUpstreamReleases())),
    readme,
  )
})

test('data/README.md lists the synonym table exactly as validation uses it', () => {
  const readme = readFileSync(new URL('../../data/README.md', import.meta.url), 'utf8')
  const section = readme.slice(readme.indexOf('| spellings of one software'))
  const lines = section.split('\n').slice(2)
  const rows = lines
    .slice(
      0,
      lines.findIndex((line) => !line.startsWith('|')),
    )
    .map((line) => [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]))
  assert.deepEqual(
    rows,
    KEY_SYNONYMS.map((group) => [...group]),
  )
})

test('widely used short names answer as their projects', () => {
  assert.ok(result.ok)
  const { dataset } = result.loaded
  // [typed, project]
  const names: readonly (readonly [string, string])[] = [
    ['airflow', 'apache-airflow'],
    ['postgres', 'postgresql'],
    ['k8s', 'kubernetes'],
    ['node', 'nodejs'],
    ['cnpg', 'cloudnative-pg'],
  ]
  for (const [typed, id] of names) assert.equal(findProject(dataset, typed)?.document.id, id, typed)
})

// Projects whose every key a path can land on carries upgrade notes (data/README.md, "Upgrade
// notes"): the add-ons of docs/api.md's cluster path, then the projects the data keeps complete.
// A path may land on any key above a project's lowest one, with or without an upgrade rule.
const NOTED_PROJECTS: readonly string[] = [
  // the cluster path of docs/api.md
  'kubernetes',
  'cert-manager',
  'cloudnative-pg',
  'ingress-nginx',
  'argo-cd',
  // the other Kubernetes add-ons with complete notes
  'istio',
  'longhorn',
  'rook-ceph',
  'linkerd',
  // applications and databases
  'gitlab',
  'keycloak',
  'elasticsearch',
  'kibana',
  'nextcloud',
  'mariadb',
  'mongodb',
  'mysql',
  'postgresql',
  'patroni',
  'django',
  'symfony',
  // virtualization
  'harvester',
]

test('every key a path can land on carries pinned upgrade notes, for the projects kept complete', () => {
  assert.ok(result.ok)
  for (const id of NOTED_PROJECTS) {
    const project = findProject(result.loaded.dataset, id)
    assert.ok(project, id)
    const keys = [...project.versions].sort((a, b) => compareVersions(a.version, b.version))
    for (const key of keys.slice(1)) {
      const notes: readonly UpgradeNote[] = project.document.versions[key.key]?.upgradeNotes ?? []
      assert.ok(notes.length > 0, `${id} ${key.key} has upgrade notes`)
      for (const note of notes) assert.equal(movingReason(note.url), null, note.url)
    }
  }
})
