import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { type RecordedRegistry, recordedRegistry } from '../../test/support/recorded-registry.ts'
import { npmConfig } from './npm-config.ts'
import { RegistryClient } from './registry-client.ts'

let registry: RecordedRegistry
let home: string

before(async () => {
  registry = await recordedRegistry({
    slow: new Map([['ms', 2_000]]),
    failing: new Map([['debug', 500]]),
  })
  home = await mkdtemp(join(tmpdir(), 'compat-registry-'))
})
after(async () => {
  await registry.close()
  await rm(home, { recursive: true, force: true })
})

const client = (options: { offline?: boolean; maxRequests?: number; cache?: string } = {}) =>
  new RegistryClient({
    env: {
      npm_config_registry: registry.npm,
      COMPAT_PYPI_URL: registry.pypi,
      XDG_CACHE_HOME: options.cache ?? join(home, 'cache'),
      HOME: home,
    },
    offline: options.offline ?? false,
    timeoutMs: 500,
    ...(options.maxRequests === undefined ? {} : { maxRequests: options.maxRequests }),
  })

const releasesOf = (answer: Awaited<ReturnType<RegistryClient['npmReleases']>>) => {
  assert.ok('releases' in answer, JSON.stringify(answer))
  return answer.releases
}

test('an npm package’s versions, with the peers and engines each declares and whether it is deprecated', async () => {
  const releases = releasesOf(await client().npmReleases('react-dom'))
  const at = (version: string) => releases.find((release) => release.version === version)
  assert.deepEqual(at('19.0.0')?.declarations, { peerDependencies: { react: '^19.0.0' } })
  assert.deepEqual(at('18.3.1')?.declarations, { peerDependencies: { react: '^18.3.1' } })
  const scoped = releasesOf(await client().npmReleases('@mui/material'))
  assert.ok(
    scoped.some((release) => release.version === '5.14.20'),
    'a scoped name is asked for as npm does',
  )
})

test('a kept answer is revalidated with its ETag, and read from the cache offline', async () => {
  const cache = join(home, 'revalidated')
  releasesOf(await client({ cache }).npmReleases('react-redux'))
  releasesOf(await client({ cache }).npmReleases('react-redux'))
  const asks = registry.asked.filter((line) => line.includes('/npm/react-redux '))
  assert.deepEqual(asks, ['GET /npm/react-redux 200', 'GET /npm/react-redux 304'])
  releasesOf(await client({ cache, offline: true }).npmReleases('react-redux'))
  assert.equal(registry.asked.filter((line) => line.includes('/npm/react-redux ')).length, 2)
  assert.deepEqual(await client({ cache, offline: true }).npmReleases('recharts'), {
    unavailable:
      "the registry's answer for recharts is not in the cache, and the registry is not read offline",
  })
})

test('a package the registry lacks, a failing or a slow registry leave that package unavailable, saying why', async () => {
  const asking = client()
  assert.deepEqual(await asking.npmReleases('no-such-package-here'), {
    unavailable: 'the registry has no package no-such-package-here',
  })
  assert.deepEqual(await asking.npmReleases('debug'), {
    unavailable: 'the registry answered 500 for debug',
  })
  const slow = await asking.npmReleases('ms')
  assert.ok(
    'unavailable' in slow && /did not answer for ms within 1 s/.test(slow.unavailable),
    JSON.stringify(slow),
  )
})

test('at most 8 requests are in flight, and a budget of requests is kept', async () => {
  const names = [
    'react',
    'react-dom',
    'recharts',
    'react-smooth',
    'react-select',
    'redux',
    'reselect',
    'immer',
  ]
  const many = [
    ...names,
    ...names.map((name) => `@types/${name}`),
    'vite',
    'vitest',
    'rollup',
    'jsdom',
  ]
  await Promise.all(many.map((name) => client({ cache: join(home, 'many') }).npmReleases(name)))
  assert.ok(registry.mostInFlight() <= 8, `${registry.mostInFlight()} in flight`)
  const budget = client({ maxRequests: 2 })
  await budget.npmReleases('react')
  await budget.npmReleases('react-dom')
  assert.deepEqual(await budget.npmReleases('recharts'), {
    unavailable: 'not asked: the 2 registry requests of this answer are used',
  })
  assert.equal(budget.requests, 2)
})

test('PyPI: a project’s releases with their Requires-Python, yanked ones withdrawn; one release’s Requires-Dist', async () => {
  const answer = await client().pypiReleases('requests')
  assert.ok('releases' in answer)
  assert.deepEqual(
    answer.releases.map((release) => [
      release.version,
      release.declarations?.requiresPython,
      release.withdrawn,
    ]),
    [
      ['2.31.0', '>=3.7', false],
      ['2.32.0', '>=3.8', true],
      ['2.32.3', '>=3.8', false],
      ['2.32.5', '>=3.9', false],
      ['2.33.0', '>=3.9', false],
    ],
  )
  const release = await client().pypiRelease('requests', '2.32.5')
  assert.ok('value' in release)
  assert.ok(release.value.requiresDist?.includes('urllib3<3,>=1.21.1'))
})

test('npm’s configuration: the environment over the project’s .npmrc over the user’s; credentials kept, the rest not', async () => {
  const project = join(home, 'project')
  await mkdir(join(project, 'sub'), { recursive: true })
  await writeFile(join(project, 'package.json'), '{}')
  await writeFile(
    join(project, '.npmrc'),
    [
      '; the team mirror',
      `registry = \${MIRROR}/npm/`,
      '@acme:registry=https://acme.invalid/',
      `//acme.invalid/:_authToken=\${TOKEN}`,
      'cache=/tmp/elsewhere',
      '',
    ].join('\n'),
  )
  await writeFile(join(home, '.npmrc'), 'registry=https://user.invalid/\n')
  const env = { HOME: home, MIRROR: 'https://mirror.invalid', TOKEN: 's3cret' }
  const fromProject = await npmConfig({ env, projectDir: join(project, 'sub') })
  assert.equal(fromProject.registry, 'https://mirror.invalid/npm/')
  assert.deepEqual(
    { ...fromProject.settings },
    {
      registry: 'https://mirror.invalid/npm/',
      '@acme:registry': 'https://acme.invalid/',
      '//acme.invalid/:_authToken': 's3cret',
    },
  )
  assert.equal((await npmConfig({ env, projectDir: tmpdir() })).registry, 'https://user.invalid/')
  const fromEnv = await npmConfig({
    env: { ...env, npm_config_registry: 'https://env.invalid' },
    projectDir: project,
  })
  assert.equal(fromEnv.registry, 'https://env.invalid/')
})
