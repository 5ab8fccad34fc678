import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CliError } from './cli-error.ts'
import { readDateOption, readDayOption } from './read-date-option.ts'

// [--date (undefined: not given), COMPAT_TODAY, the day read (null: a usage error naming --date)]
const CASES = [
  ['2026-07-01', undefined, '2026-07-01'],
  ['2028-02-29', '2026-11-28', '2028-02-29'],
  [undefined, '2026-11-28', '2026-11-28'],
  ['2026-02-30', undefined, null],
  ['2026-7-1', undefined, null],
  ['2026-07-01T00:00:00Z', undefined, null],
  ['today', undefined, null],
  ['', undefined, null],
] as const

for (const [value, today, read] of CASES) {
  test(`--date ${JSON.stringify(value)} with COMPAT_TODAY=${today ?? '(unset)'} reads ${read ?? 'a usage error'}`, () => {
    const env = { COMPAT_TODAY: today }
    if (read !== null) {
      assert.equal(readDateOption('lifecycle', value, env), read)
      return
    }
    assert.throws(
      () => readDateOption('lifecycle', value, env),
      (error: unknown) =>
        error instanceof CliError &&
        error.message ===
          `--date '${value}' must be a real date, YYYY-MM-DD (see 'compat lifecycle --help')`,
    )
  })
}

test('without --date or COMPAT_TODAY the day is today in UTC', () => {
  const before = new Date().toISOString().slice(0, 10)
  const read = readDateOption('stack', undefined, {})
  const after = new Date().toISOString().slice(0, 10)
  assert.ok(read === before || read === after, read)
})

// [option, value, the day read (null: a usage error naming the option)]
const DAY_CASES = [
  ['supported-on', '2027-06-30', '2027-06-30'],
  ['supported-on', '2028-02-29', '2028-02-29'],
  ['supported-on', '2027-02-29', null],
  ['supported-on', '2027-6-30', null],
  ['supported-on', 'tomorrow', null],
  ['date', '2026-13-01', null],
] as const

for (const [flag, value, read] of DAY_CASES) {
  test(`--${flag} ${JSON.stringify(value)} reads ${read ?? 'a usage error naming it'}`, () => {
    if (read !== null) {
      assert.equal(readDayOption('plan', flag, value), read)
      return
    }
    assert.throws(
      () => readDayOption('plan', flag, value),
      (error: unknown) =>
        error instanceof CliError &&
        error.message ===
          `--${flag} '${value}' must be a real date, YYYY-MM-DD (see 'compat plan --help')`,
    )
  })
}
