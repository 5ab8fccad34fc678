/**
 * The package as users get it: `npm pack`, then `npm install <tarball>` into an empty
 * directory, then the `compat` command and the library entry points from there. Needs the npm
 * registry for the package's dependencies; `npm test` builds dist/ first.
 */
import assert from 'node:assert/strict'
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const FIXTURES = join(ROOT, 'test/fixtures')

let home: string
let bin: string
let compat: (args: readonly string[]) => Promise<{ stdout: string; stderr: string }>

describe('the installed package', { timeout: 180_000 }, () => {
  before(async () => {
    home = await mkdtemp(join(tmpdir(), 'compat-package-'))
    const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', home], {
      cwd: ROOT,
    })
    const tarball = join(home, stdout.trim().split('\n').pop() as string)
    await writeFile(
      join(home, 'package.json'),
      '{"name":"consumer","private":true,"type":"module"}',
    )
    await run('npm', ['install', '--no-audit', '--no-fund', tarball], { cwd: home })
    bin = join(home, 'node_modules/.bin/compat')
    // Under the Node running this test (the project's), whatever Node the machine's PATH has.
    compat = (args) => run(process.execPath, [bin, ...args])
  })
  after(() => rm(home, { recursive: true, force: true }))

  test('carries compiled JavaScript only: no TypeScript is compiled at run time', async () => {
    const installed = join(home, 'node_modules/compat-api')
    const entries = await readdir(installed)
    assert.ok(entries.includes('dist') && !entries.includes('src'), entries.join(', '))
    const typescript = (await readdir(join(installed, 'dist'), { recursive: true })).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.d.ts'),
    )
    assert.deepEqual(typescript, [], 'dist/ holds no TypeScript source')
  })

  test('compat --help, check, validate, stale and import work from the install', async () => {
    const help = await compat(['--help'])
    assert.match(help.stdout, /^compat: software compatibility metadata/)
    const check = await compat([
      'check',
      '--project',
      'cnpg',
      '--version',
      'v1.27.1',
      'kubernetes=1.33.2',
      '--version-lookup',
      'line',
      '--json',
    ])
    assert.equal(JSON.parse(check.stdout).compatible, 'compatible')
    assert.match((await compat(['validate'])).stdout, /^ok: \d+ projects/)
    const stale = await compat(['stale', '--json'])
    assert.ok(Array.isArray(JSON.parse(stale.stdout).entries))
    const out = join(home, 'imported')
    const imported = await compat([
      'import',
      'compatibility-fyi',
      join(FIXTURES, 'compatibility-fyi/platform.yaml'),
      '--out',
      out,
    ]).then(
      () => 0,
      (error: { code: number }) => error.code,
    )
    assert.equal(imported, 1, 'partial import: something is left out')
    assert.match((await compat(['validate', '--data', out])).stdout, /^ok: 1 project/)
  })

  test('compat serve answers the API, the web page and the API documentation', async () => {
    const server: ChildProcess = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let text = ''
        server.stderr?.on('data', (chunk) => {
          text += chunk
          const found = /serving .* at (http:\/\/\S+)/.exec(text)?.[1]
          if (found !== undefined) resolve(found)
        })
        server.once('exit', (code) => reject(new Error(`exited ${code}: ${text}`)))
      })
      const info = (await (await fetch(`${url}/api/v1`)).json()) as {
        dataset: { projects: number }
      }
      assert.ok(info.dataset.projects >= 100)
      const page = await fetch(`${url}/`)
      assert.equal(page.status, 200)
      assert.match(await page.text(), /<script type="module" src="\/assets\/app\.js\?v=/)
      // The API documentation is a page of the site, rendered from the OpenAPI document.
      const docs = await fetch(`${url}/api/v1/docs/`)
      assert.equal(docs.status, 200)
      assert.match(await docs.text(), /<h1>API documentation<\/h1>/)
    } finally {
      server.kill('SIGTERM')
    }
  })

  test('the library entry points import, and type-check for a TypeScript consumer', async () => {
    await writeFile(
      join(home, 'use.ts'),
      `import { buildDataset, evaluateCheck, type SingleCheckResult } from 'compat-api'
import { createClient, type CombinationCheckResult } from 'compat-api/client'
import { BUNDLED_DATA_DIR, loadDataset } from 'compat-api/data'
const loaded = await loadDataset(BUNDLED_DATA_DIR)
if (!loaded.ok) throw new Error('faults')
const result: SingleCheckResult = evaluateCheck(loaded.loaded.dataset, { project: 'django', version: '5.2', dependency: 'python', dependencyVersion: '3.12' })
const pending: Promise<{ data: CombinationCheckResult }> | null = null
void pending
void createClient
void buildDataset
console.log(result.compatible)
`,
    )
    await run(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--types',
        'node',
        '--typeRoots',
        join(ROOT, 'node_modules/@types'),
        'use.ts',
      ],
      { cwd: home },
    )
    await writeFile(
      join(home, 'use.mjs'),
      `import { evaluateCheck } from 'compat-api'\nimport { BUNDLED_DATA_DIR, loadDataset } from 'compat-api/data'\nconst loaded = await loadDataset(BUNDLED_DATA_DIR)\nconsole.log(evaluateCheck(loaded.loaded.dataset, { project: 'django', version: '5.2', dependency: 'python', dependencyVersion: '3.12' }).compatible)\n`,
    )
    assert.equal(
      (await run(process.execPath, ['use.mjs'], { cwd: home })).stdout.trim(),
      'compatible',
    )
  })
})
