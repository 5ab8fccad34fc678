/**
 * The folders tell the design, and this test keeps them honest: dependencies point inward
 * (core ← data ← api ← site ← http, cli; web uses the api's client, constants and types and
 * the site's markup), core is
 * pure, and only `compat serve` loads the HTTP layer.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

interface Imports {
  /** Repository-relative paths of the project files it imports at run time. */
  readonly files: string[]
  /** Packages and node: modules it imports at run time. */
  readonly packages: string[]
}

// `import … from '…'`, `export … from '…'`, `import '…'`; type-only imports are erased.
const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

const cache = new Map<string, Imports>()

function importsOf(
  file: string,
  { dynamic, types = false }: { dynamic: boolean; types?: boolean },
): Imports {
  const key = `${file}\0${dynamic}\0${types}`
  const known = cache.get(key)
  if (known !== undefined) return known
  const text = readFileSync(join(ROOT, file), 'utf8')
  const files: string[] = []
  const packages: string[] = []
  const add = (specifier: string) => {
    if (specifier.startsWith('.'))
      files.push(relative(ROOT, resolve(ROOT, dirname(file), specifier)))
    else packages.push(specifier)
  }
  for (const match of text.matchAll(STATIC_IMPORT)) {
    if (types || match[2] === undefined) add(match[3] as string)
  }
  if (dynamic) for (const match of text.matchAll(DYNAMIC_IMPORT)) add(match[1] as string)
  const imports = { files, packages }
  cache.set(key, imports)
  return imports
}

/** Every file and package a file loads, following project files transitively. */
function closure(
  start: string,
  options = { dynamic: false },
): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.pop() as string
    if (files.has(file)) continue
    files.add(file)
    const imports = importsOf(file, options)
    for (const name of imports.packages) packages.add(name)
    queue.push(...imports.files)
  }
  return { files, packages }
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(folder, name))
}

const packageName = (specifier: string): string =>
  specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : (specifier.split('/')[0] ?? specifier)

const HTTP_PACKAGES = [
  'fastify',
  '@fastify/swagger',
  '@fastify/under-pressure',
  'fastify-plugin',
  'prom-client',
]

test('src/core is pure: no Fastify, no file system, no environment, nothing from outer layers', () => {
  for (const file of sourceFiles('src/core')) {
    const { files, packages } = closure(file)
    const outside = [...files].filter((path) => !path.startsWith('src/core/'))
    assert.deepEqual(outside, [], `${file} reaches outer layers`)
    const impure = [...packages].filter(
      (name) => name.startsWith('node:') || HTTP_PACKAGES.includes(packageName(name)),
    )
    assert.deepEqual(impure, [], `${file} imports ${impure.join(', ')}`)
    assert.doesNotMatch(
      readFileSync(join(ROOT, file), 'utf8'),
      /process\.env/,
      `${file} reads the environment`,
    )
  }
})

test('src/data depends on core only; src/api and src/registry on core and data only, src/report on core only, without Fastify', () => {
  for (const [folder, allowed] of [
    ['src/data', ['src/core/', 'src/data/', 'src/package-files.ts']],
    ['src/api', ['src/core/', 'src/data/', 'src/api/']],
    ['src/registry', ['src/core/', 'src/data/', 'src/registry/']],
    [
      'src/report',
      [
        'src/core/',
        'src/report/',
        'src/api/support-status-words.ts',
        'src/api/file-format-names.ts',
      ],
    ],
  ] as const) {
    for (const file of sourceFiles(folder)) {
      const { files, packages } = closure(file)
      const outside = [...files].filter(
        (path) => !allowed.some((prefix) => path.startsWith(prefix)),
      )
      assert.deepEqual(outside, [], `${file} reaches ${outside.join(', ')}`)
      const http = [...packages].filter((name) => HTTP_PACKAGES.includes(packageName(name)))
      assert.deepEqual(http, [], `${file} imports ${http.join(', ')}`)
    }
  }
})

test('src/registry is the one room that talks to a package registry', () => {
  const REGISTRY_PACKAGES = ['npm-registry-fetch', 'make-fetch-happen', 'cacache']
  for (const file of sourceFiles('src').filter((path) => !path.startsWith('src/registry/'))) {
    const { packages } = importsOf(file, { dynamic: true })
    const registry = packages.filter((name) => REGISTRY_PACKAGES.includes(packageName(name)))
    assert.deepEqual(registry, [], `${file} imports ${registry.join(', ')}`)
  }
})

test('the compat command loads the HTTP layer only for `compat serve`', () => {
  const entry = closure('src/cli/main.ts', { dynamic: true })
  const reachesHttp = [...entry.files].some((path) => path.startsWith('src/http/'))
  assert.ok(reachesHttp, 'serve does reach it: the test follows dynamic imports')
  for (const file of sourceFiles('src/cli').filter(
    (path) => path !== 'src/cli/commands/serve.ts',
  )) {
    const { files, packages } = closure(file)
    const http = [...files].filter(
      (path) =>
        path.startsWith('src/http/') || path.startsWith('src/server/') || path === 'src/server.ts',
    )
    assert.deepEqual(http, [], `${file} reaches ${http.join(', ')}`)
    const fastify = [...packages].filter((name) => HTTP_PACKAGES.includes(packageName(name)))
    assert.deepEqual(fastify, [], `${file} imports ${fastify.join(', ')}`)
  }
})

test('src/site renders from API answers with the core rules it shares: no packages, no Node modules', () => {
  for (const file of sourceFiles('src/site')) {
    const { files, packages } = closure(file)
    const outside = [...files].filter(
      (path) =>
        ![
          'src/site/',
          'src/core/',
          'src/api/file-format-names.ts',
          'src/api/request-limits.ts',
          'src/api/support-status-words.ts',
          'src/api/url-paths.ts',
        ].some((start) => path.startsWith(start)),
    )
    assert.deepEqual(outside, [], `${file} loads ${outside.join(', ')}`)
    assert.deepEqual([...packages], [], `${file} loads packages: the page's script bundles it`)
    assert.doesNotMatch(
      readFileSync(join(ROOT, file), 'utf8'),
      /new Date\(\)|Date\.now\(\)/,
      `${file} reads the clock: its caller passes today`,
    )
  }
})

test("the web page uses only the api client, its constants and types, the site's markup and the core rules it shares", () => {
  const allowed = [
    'src/api/client.ts',
    'src/api/combination-body.ts',
    'src/api/file-format-names.ts',
    'src/api/request-limits.ts',
    'src/api/support-status-words.ts',
    'src/api/url-paths.ts',
    'src/core/evidence/is-stale.ts',
    // Since keys as line lookup reads them (the matrix shows what a since key inherits), and
    // the nearest names of an unknown dependency: the core's own rules, not a copy of them.
    'src/core/check/find-version.ts',
    'src/core/check/covering-line.ts',
    'src/core/check/since-overlay.ts',
    'src/core/version/parse-version.ts',
    'src/core/version/compare-versions.ts',
    'src/core/names/nearest-names.ts',
    // The support charts read ranges by the core's own parser, as intervals of its order
    // (src/core/version/range-intervals.ts).
    'src/core/version/parse-range.ts',
    'src/core/version/range-intervals.ts',
    'src/core/remembered-by-text.ts',
    // A checked version's support (src/site/checked-version-support.ts) by the core's own
    // line lookup and status, and the stack form's day read as the API reads it.
    'src/core/lifecycle/version-support.ts',
    'src/core/lifecycle/find-lifecycle-line.ts',
    'src/core/lifecycle/support-status.ts',
    'src/core/text/is-calendar-date.ts',
    // The importer's note for maintainers, shown to visitors in their words.
    'src/core/lifecycle/endoflife-note.ts',
  ]
  for (const file of sourceFiles('web/src')) {
    const { files, packages } = closure(file)
    const outside = [...files].filter(
      (path) =>
        !path.startsWith('web/') && !path.startsWith('src/site/') && !allowed.includes(path),
    )
    assert.deepEqual(outside, [], `${file} loads ${outside.join(', ')}`)
    assert.deepEqual([...packages], [], `${file} loads packages: nothing is bundled from npm`)
  }
})

test('no import circle anywhere in src/: every module can be read before the ones that use it', () => {
  const circles: string[] = []
  // Depth-first, with the path walked so far: a file met again on it closes a circle.
  const state = new Map<string, 'open' | 'done'>()
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return
    if (state.get(file) === 'open') {
      circles.push([...path.slice(path.indexOf(file)), file].join(' -> '))
      return
    }
    state.set(file, 'open')
    // Type-only imports count: a circle of types is as hard to read as one of values.
    for (const next of importsOf(file, { dynamic: true, types: true }).files) {
      if (next.startsWith('src/')) visit(next, [...path, file])
    }
    state.set(file, 'done')
  }
  const files = sourceFiles('src')
  assert.ok(files.length > 100, 'the walk finds the sources')
  for (const file of files) visit(file, [])
  assert.deepEqual(circles, [])
})

test('no circle between the rooms of src/core: each folder can be read before the ones that use it', () => {
  // Folder → the folders of src/core its modules import (type-only imports count).
  const roomOf = (path: string) => path.split('/')[2] as string
  const uses = new Map<string, Set<string>>()
  for (const file of sourceFiles('src/core')) {
    const room = roomOf(file)
    const used = uses.get(room) ?? new Set<string>()
    uses.set(room, used)
    for (const next of importsOf(file, { dynamic: true, types: true }).files) {
      if (next.startsWith('src/core/') && next.split('/').length > 3 && roomOf(next) !== room) {
        used.add(roomOf(next))
      }
    }
  }
  assert.ok(uses.size > 10, 'the walk finds the rooms')
  const circles: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const visit = (room: string, path: string[]) => {
    if (state.get(room) === 'done') return
    if (state.get(room) === 'open') {
      circles.push([...path.slice(path.indexOf(room)), room].join(' -> '))
      return
    }
    state.set(room, 'open')
    for (const next of uses.get(room) ?? []) visit(next, [...path, room])
    state.set(room, 'done')
  }
  for (const room of [...uses.keys()].sort()) visit(room, [])
  assert.deepEqual(circles, [])
})

test("the src/ root keeps only small entry files; the server's parts live in src/server/", () => {
  const MAX_LINES = 150
  const rootFiles = readdirSync(join(ROOT, 'src')).filter((name) => name.endsWith('.ts'))
  for (const name of rootFiles) {
    const lines = readFileSync(join(ROOT, 'src', name), 'utf8').split('\n').length
    assert.ok(lines <= MAX_LINES, `src/${name} has ${lines} lines (at most ${MAX_LINES})`)
  }
  assert.ok(rootFiles.includes('server.ts'), 'src/server.ts is the entry of dist/server.js')
  assert.ok(sourceFiles('src/server').includes(join('src/server', 'main.ts')))
})

test('no two source paths differ only by a plural or a folder', () => {
  // Entry modules keep their conventional names; their folder is what they are the entry of.
  const ENTRY_NAMES = new Set(['index', 'main'])
  const singular = (name: string) => name.replace(/s$/, '')
  const byName = new Map<string, string[]>()
  const note = (key: string, path: string) => byName.set(key, [...(byName.get(key) ?? []), path])
  for (const folder of ['src', 'web/src']) {
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      const path = relative(ROOT, join(entry.parentPath, entry.name))
      if (entry.isDirectory()) note(`folder ${singular(entry.name)}`, path)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const name = entry.name.slice(0, -'.ts'.length)
        if (!ENTRY_NAMES.has(name)) note(`file ${singular(name)}`, path)
      }
    }
  }
  const twins = [...byName.values()].filter((paths) => paths.length > 1)
  assert.deepEqual(twins, [])
})
