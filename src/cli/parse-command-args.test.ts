import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseCommandArgs } from './parse-command-args.ts'

const OPTIONS = { data: { type: 'string' }, json: { type: 'boolean' } } as const

test('parseCommandArgs reads flags and positionals', () => {
  const { values, positionals } = parseCommandArgs(
    'check',
    ['--data', 'd', 'a=1', '--json', '--', '--b=2'],
    OPTIONS,
    true,
  )
  assert.deepEqual({ ...values }, { data: 'd', json: true })
  assert.deepEqual(positionals, ['a=1', '--b=2'])
})

test('parseCommandArgs: each mistake is a one-line usage error naming the flag', () => {
  // arguments, message
  const cases: [string[], string][] = [
    [['--dta', 'd'], "unknown option '--dta' (see 'compat stale --help')"],
    [
      ['--data'],
      "--data needs a value (write --data=VALUE for a value that starts with '-') (see 'compat stale --help')",
    ],
    [
      ['--data', '--json'],
      "--data needs a value (write --data=VALUE for a value that starts with '-') (see 'compat stale --help')",
    ],
    [['--json=1'], "--json takes no value (see 'compat stale --help')"],
    [['extra'], "unexpected argument 'extra' (see 'compat stale --help')"],
    [['--data', 'a', '--data=b'], "--data is given more than once (see 'compat stale --help')"],
  ]
  for (const [args, message] of cases) {
    assert.throws(() => parseCommandArgs('stale', args, OPTIONS), { name: 'CliError', message })
  }
})
