import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseRateLimit } from './parse-rate-limit.ts'

// [setting, limit, window in seconds; null when refused]
const CASES: ReadonlyArray<[string, number | null, number | null]> = [
  ['1200/minute', 1200, 60],
  ['10/second', 10, 1],
  ['50000/hour', 50000, 3600],
  [' 5/minute ', 5, 60],
  ['fast', null, null],
  ['0/minute', null, null],
  ['1200/min', null, null],
  ['1200 per minute', null, null],
  ['-5/second', null, null],
  ['', null, null],
]

for (const [text, limit, windowSeconds] of CASES) {
  test(`parseRateLimit('${text}')`, () => {
    const parsed = parseRateLimit(text)
    if (limit === null) {
      assert.ok('error' in parsed)
      assert.match(
        parsed.error,
        /^COMPAT_RATE_LIMIT must be a number of requests per second, minute or hour, such as 1200\/minute; got '/,
      )
    } else {
      assert.deepEqual(parsed, { limit, windowSeconds })
    }
  })
}
