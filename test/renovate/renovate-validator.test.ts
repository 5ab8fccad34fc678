/**
 * The rules `compat renovate` prints are valid Renovate configuration, by Renovate's own
 * validator, with RE2 (the regular expression engine Renovate uses) built: the 44.x line of the
 * `renovate` package, which runs on the project's Node 24. It is large, so it is not a
 * dependency of the project: this test installs it once into
 * node_modules/.cache/compat-renovate-44/ (from the npm registry the project installs from) and
 * builds RE2 there.
 */
import assert from 'node:assert/strict'
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { officialNode } from '../../scripts/official-node.mjs'
import { REPO_ROOT, runCompat } from '../support/run-compat.ts'

const DIR = join(REPO_ROOT, 'node_modules/.cache/compat-renovate-44')
const VALIDATOR = join(DIR, 'node_modules/.bin/renovate-config-validator')

/** Whether RE2's addon loads in the Node running this test. */
function re2Loads(): boolean {
  return spawnSync(process.execPath, ['-e', "require('re2')"], { cwd: DIR }).status === 0
}

function installRenovate(): void {
  // Native addons against this Node's own headers: a machine's npm may point node-gyp at
  // another Node's (npm's nodedir, as on CI's machine, whose Node is 20), and an addon built
  // for another Node's ABI does not load.
  const env = { ...process.env, npm_config_nodedir: officialNode(process.versions.node) }
  if (!existsSync(VALIDATOR)) {
    mkdirSync(DIR, { recursive: true })
    writeFileSync(join(DIR, 'package.json'), '{ "private": true }\n')
    execFileSync('npm', ['install', '--no-audit', '--no-fund', 'renovate@44'], {
      cwd: DIR,
      env,
      stdio: 'ignore',
    })
  }
  if (!re2Loads()) {
    // npm 11 runs no dependency's install script until it is approved; older npm has no such
    // command and runs it anyway.
    try {
      execFileSync('npm', ['install-scripts', 'approve', 're2'], { cwd: DIR, stdio: 'ignore' })
    } catch {
      // An npm without install-script approval.
    }
    execFileSync('npm', ['rebuild', 're2'], { cwd: DIR, env, stdio: 'ignore' })
  }
}

describe("Renovate's validator on compat renovate's rules", { timeout: 900_000 }, () => {
  let work: string
  before(async () => {
    installRenovate()
    work = await mkdtemp(join(tmpdir(), 'compat-renovate-'))
  })
  after(() => rm(work, { recursive: true, force: true }))

  async function validate(config: unknown): Promise<{ code: number; output: string }> {
    const file = join(work, `renovate-${Math.random().toString(36).slice(2)}.json`)
    writeFileSync(file, JSON.stringify(config, null, 2))
    try {
      const { stdout, stderr } = await promisify(execFile)(VALIDATOR, [file], { cwd: work })
      return { code: 0, output: stdout + stderr }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, output: failed.stdout + failed.stderr }
    }
  }

  test('the validator refuses what RE2 cannot read (so it reads with RE2)', async () => {
    const refused = await validate({
      packageRules: [{ matchPackageNames: ['x'], allowedVersions: '/^(?=1)/' }],
    })
    assert.equal(refused.code, 1, refused.output)
    assert.match(refused.output, /Invalid regExp/)
  })

  test('the rules for the example stack file validate, and every pattern compiles in RE2', async () => {
    const run = await runCompat(['renovate', 'docs/examples/stack.yaml'])
    assert.equal(run.code, 0, run.stderr)
    const config = JSON.parse(run.stdout) as {
      packageRules: { allowedVersions: string; description: string }[]
    }
    assert.equal(config.packageRules.length, 3)
    // cnpg's upgrade rule (one minor line at a time) keeps its rule to the next hop.
    assert.match(config.packageRules[0]?.description ?? '', /at most one hop from v1\.27\.1/)
    const validated = await validate(config)
    assert.equal(validated.code, 0, validated.output)
    assert.match(validated.output, /Config validated successfully/)
    const RE2 = createRequire(join(DIR, 'package.json'))('re2') as new (
      pattern: string,
    ) => { test(text: string): boolean }
    for (const rule of config.packageRules) {
      const pattern = new RE2(rule.allowedVersions.slice(1, -1))
      assert.equal(typeof pattern.test('1.0'), 'boolean')
    }
  })

  test('rules for a stack of many components, since keys among them, validate too', async () => {
    const names = [
      'kubernetes',
      'cloudnative-pg',
      'postgresql',
      'django',
      'python',
      'psycopg',
      'psycopg2',
      'numpy',
      'pandas',
      'cert-manager',
      'helm',
      'rabbitmq',
      'erlang',
    ]
    const versions: Record<string, string> = {
      kubernetes: '1.33.2',
      'cloudnative-pg': '1.27.1',
      postgresql: '17.2',
      django: '5.2.8',
      python: '3.12.0',
      psycopg: '3.2.10',
      psycopg2: '2.9.10',
      numpy: '2.3.2',
      pandas: '2.2',
      'cert-manager': '1.17.0',
      helm: '3.17',
      rabbitmq: '4.0.4',
      erlang: '27',
    }
    const lines = [
      'components:',
      ...names.map(
        (name) => `  ${name}: {version: "${versions[name]}", packages: [example/${name}]}`,
      ),
    ]
    const file = join(work, 'many.yaml')
    writeFileSync(file, `${lines.join('\n')}\n`)
    const run = await runCompat(['renovate', file])
    assert.equal(run.code, 0, run.stderr)
    const validated = await validate(JSON.parse(run.stdout))
    assert.equal(validated.code, 0, validated.output)
  })
})
