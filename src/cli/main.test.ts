import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, test } from 'node:test'
import { REPO_ROOT, runCompat } from '../../test/support/run-compat.ts'

const { version } = JSON.parse(await readFile(`${REPO_ROOT}package.json`, 'utf8')) as {
  version: string
}

// These runs load no command module, so each is quick.
describe('bin/compat.js: help, version and dispatch', { concurrency: true }, () => {
  // arguments, exit code, stdout pattern, stderr pattern
  const cases: [string[], number, RegExp, RegExp][] = [
    [['--version'], 0, new RegExp(`^${version.replaceAll('.', '\\.')}\\n$`), /^$/],
    [['-V'], 0, new RegExp(`^${version.replaceAll('.', '\\.')}\\n$`), /^$/],
    [
      ['--help'],
      0,
      /^Usage: compat <command>.*\n {2}validate .*\n {2}check .*\n {2}stale .*\n {2}serve /ms,
      /^$/,
    ],
    [
      ['help', 'stale'],
      0,
      /^Usage: compat stale \[--data DIR\] \[--older-than DAYS\] \[--json\]$/m,
      /^$/,
    ],
    [['check', '--help'], 0, /^Usage: compat check --project P --version V DEP=VERSION/m, /^$/],
    [['validate', '-h'], 0, /^Usage: compat validate \[--data DIR\]$/m, /^$/],
    [['serve', '--port', 'x', '--help'], 0, /^Usage: compat serve /m, /^$/],
    [[], 3, /^$/, /^Usage: compat <command>/m],
    [
      ['frobnicate'],
      3,
      /^$/,
      /^compat: unknown command 'frobnicate'; the commands are validate, check, versions, lifecycle, dependency, stack, readiness, plan, scan, renovate, stale, outdated, refresh, import, serve \(see 'compat --help'\)\n$/,
    ],
    [
      ['--data', 'x', 'validate'],
      3,
      /^$/,
      /^compat: unknown option '--data'; options go after the command/,
    ],
    [['help', 'nope'], 3, /^$/, /^compat: unknown command 'nope'/],
  ]
  for (const [args, code, stdout, stderr] of cases) {
    test(`compat ${args.join(' ')} exits ${code}`, async () => {
      const run = await runCompat(args)
      assert.equal(run.code, code)
      assert.match(run.stdout, stdout)
      assert.match(run.stderr, stderr)
    })
  }
})
