/**
 * Readiness on a real application: a React 18 app (592 packages) locked by npm and by pnpm,
 * and its CycloneDX SBOM (test/fixtures/readiness/README.md), asked whether it can take React
 * 19.0.0 and whether it can stay on Node.js 16.20.2, with the npm registry's recorded answers
 * (test/fixtures/registry/) — and, when the machine reaches it, the live registry npm is
 * configured for.
 */
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Dataset } from '../../src/core/dataset/build-dataset.ts'
import type { ReadinessAnswer } from '../../src/core/readiness/readiness-answer.ts'
import { BUNDLED_DATA_DIR } from '../../src/data/bundled-data-dir.ts'
import { loadDataset } from '../../src/data/load-dataset.ts'
import { packagesOfFile } from '../../src/data/readiness-inputs/packages-of-file.ts'
import { answerReadiness } from '../../src/registry/answer-readiness.ts'
import { RegistryClient } from '../../src/registry/registry-client.ts'
import { type RecordedRegistry, recordedRegistry } from '../support/recorded-registry.ts'

const APP = new URL('../fixtures/readiness/react18-app/', import.meta.url)
const DAY = '2026-12-07'

// Every package whose peer range for react excludes 19.0.0: [name, version, lowest release
// above it whose range admits 19.0.0 (null: none final)].
const REACT_19_BLOCKERS: readonly (readonly [string, string, string | null])[] = [
  ['@mui/base', '5.0.0-beta.26', null],
  ['@mui/material', '5.14.20', '5.16.8'],
  ['@reduxjs/toolkit', '1.9.7', '2.5.0'],
  ['@testing-library/react', '14.1.2', '16.1.0'],
  ['react-beautiful-dnd', '13.1.1', null],
  ['react-dom', '18.3.1', '19.0.0'],
  ['react-hook-form', '7.49.3', '7.52.0'],
  ['react-redux', '7.2.9', '9.2.0'],
  ['react-redux', '8.1.3', '9.2.0'],
  ['react-select', '5.8.0', '5.9.0'],
  ['react-smooth', '2.0.5', '4.0.4'],
  ['recharts', '2.10.3', '2.15.0'],
  ['use-memo-one', '1.1.3', null],
]

// Every package whose engines.node excludes 16.20.2, and the lowest release above it that
// admits it (only react-hook-form dropped Node 16 in a patch and took it back).
const NODE_16_BLOCKERS: readonly (readonly [string, string, string | null])[] = [
  ['@csstools/color-helpers', '5.1.0', null],
  ['@csstools/css-calc', '2.1.4', null],
  ['@csstools/css-color-parser', '3.1.0', null],
  ['@csstools/css-parser-algorithms', '3.0.5', null],
  ['@csstools/css-tokenizer', '3.0.4', null],
  ['cssstyle', '4.6.0', null],
  ['data-urls', '5.0.0', null],
  ['html-encoding-sniffer', '4.0.0', null],
  ['jsdom', '23.2.0', null],
  ['node-releases', '2.0.67', null],
  ['p-limit', '5.0.0', null],
  ['react-hook-form', '7.49.3', '7.50.0'],
  ['rollup', '4.69.3', null],
  ['tr46', '5.1.1', null],
  ['vite', '5.0.11', null],
  ['vite-node', '1.2.0', null],
  ['vitest', '1.2.0', null],
  ['w3c-xmlserializer', '5.0.0', null],
  ['whatwg-encoding', '3.1.1', null],
  ['whatwg-mimetype', '4.0.0', null],
  ['whatwg-url', '14.2.0', null],
  ['xml-name-validator', '5.0.0', null],
]

let dataset: Dataset
let registry: RecordedRegistry
let home: string

before(async () => {
  const loaded = await loadDataset(BUNDLED_DATA_DIR)
  assert.ok(loaded.ok)
  dataset = loaded.loaded.dataset
  registry = await recordedRegistry()
  home = await mkdtemp(join(tmpdir(), 'compat-readiness-'))
})
after(async () => {
  await registry.close()
  await rm(home, { recursive: true, force: true })
})

async function ask(
  file: string,
  name: string,
  version: string,
  online: boolean,
): Promise<ReadinessAnswer> {
  const read = packagesOfFile(await readFile(new URL(file, APP), 'utf8'), file)
  assert.ok(read.ok, JSON.stringify(read))
  const client = online
    ? new RegistryClient({
        env: { npm_config_registry: registry.npm, XDG_CACHE_HOME: join(home, file), HOME: home },
        offline: false,
        timeoutMs: 10_000,
      })
    : null
  const outcome = await answerReadiness({
    packages: read.file.packages,
    name,
    version,
    date: DAY,
    dataset,
    client,
  })
  assert.ok('answer' in outcome, JSON.stringify(outcome))
  return outcome.answer
}

const blockersOf = (answer: ReadinessAnswer) =>
  answer.blocking
    .map((item): [string, string, string | null] => [item.name, item.version, item.lowestAdmitting])
    .sort(([a, b], [c, d]) => (a === c ? (b < d ? -1 : 1) : a < c ? -1 : 1))

describe('a React 18 app', () => {
  for (const file of ['package-lock.json', 'pnpm-lock.yaml']) {
    test(`${file}, offline: react=19.0.0 names exactly the packages whose peer range excludes it`, async () => {
      const answer = await ask(file, 'react', '19.0.0', false)
      assert.equal(answer.verdict, 'blocked')
      assert.equal(answer.offline, true)
      assert.deepEqual(
        blockersOf(answer),
        REACT_19_BLOCKERS.map(([name, version]) => [name, version, null]),
      )
      assert.equal(answer.admittedRange, '>=18.3.1 <19.0.0')
      assert.ok(
        answer.components.every((item) => item.source !== 'registry'),
        'the file alone is read',
      )
    })

    test(`${file}, online: each blocker's lowest release that admits React 19`, async () => {
      const answer = await ask(file, 'react', '19.0.0', true)
      assert.equal(answer.offline, false)
      assert.deepEqual(blockersOf(answer), REACT_19_BLOCKERS)
      const dom = answer.blocking.find((item) => item.name === 'react-dom')
      assert.deepEqual(dom, {
        name: 'react-dom',
        version: '18.3.1',
        declared: '^18.3.1',
        lowestAdmitting: '19.0.0',
        newestAdmitting: '19.0.0',
      })
    })

    test(`${file}, online: nodejs=16.20.2 names exactly the packages whose engines exclude it`, async () => {
      const answer = await ask(file, 'nodejs', '16.20.2', true)
      assert.deepEqual(blockersOf(answer), NODE_16_BLOCKERS)
      assert.equal(answer.target.project, 'nodejs')
      assert.equal(answer.admittedRange, '>=18.0.0 <19.0.0 || >=20.0.0')
      assert.equal(
        answer.newestAdmitted?.status,
        'supported',
        'the newest line inside it is supported',
      )
    })
  }

  test('its CycloneDX SBOM, with the registry: the same blockers, each range read at its exact version', async () => {
    const react = await ask('sbom.cdx.json', 'react', '19.0.0', true)
    assert.deepEqual(blockersOf(react), REACT_19_BLOCKERS)
    assert.ok(react.components.every((item) => item.source !== 'file'))
    const node = await ask('sbom.cdx.json', 'node', '16.20.2', true)
    assert.deepEqual(blockersOf(node), NODE_16_BLOCKERS)
  })

  test('its SBOM offline: nothing is declared in the file, and each package says so', async () => {
    const answer = await ask('sbom.cdx.json', 'react', '19.0.0', false)
    assert.equal(answer.verdict, 'ready')
    assert.equal(answer.silent, 0)
    assert.match(answer.components[0]?.fault ?? '', /not read offline/)
  })

  test('nodejs=24 is ready: every declared engines range admits it', async () => {
    const answer = await ask('package-lock.json', 'nodejs', '24', false)
    assert.equal(answer.verdict, 'ready')
    assert.deepEqual(answer.blocking, [])
  })
})

test('the live npm registry, when this machine reaches it', async (context) => {
  const client = new RegistryClient({
    env: { ...process.env, XDG_CACHE_HOME: join(home, 'live') },
    offline: false,
    timeoutMs: 10_000,
  })
  const answer = await client.npmReleases('react-dom')
  if ('unavailable' in answer) {
    context.skip(
      `the npm registry npm is configured for is not reachable here: ${answer.unavailable}`,
    )
    return
  }
  const release = answer.releases.find((item) => item.version === '19.0.0')
  assert.deepEqual(release?.declarations?.peerDependencies, { react: '^19.0.0' })
})
