import assert from 'node:assert/strict'
import { test } from 'node:test'
import { RateLimiter } from './rate-limiter.ts'

function limiterAt(start: number, limit = 3) {
  const clock = { now: start }
  const limiter = new RateLimiter({ limit, windowMs: 60_000, now: () => clock.now })
  return { limiter, clock }
}

test('a client over the limit is refused until the window ends, then recovers', () => {
  const { limiter, clock } = limiterAt(60_000 * 10 + 15_000)
  assert.deepEqual(
    [1, 2, 3].map(() => limiter.take('198.51.100.1').remaining),
    [2, 1, 0],
  )
  assert.deepEqual(limiter.take('198.51.100.1'), { allowed: false, remaining: 0, resetSeconds: 45 })
  clock.now += 44_000
  assert.equal(limiter.take('198.51.100.1').allowed, false)
  clock.now += 1_000
  assert.deepEqual(limiter.take('198.51.100.1'), { allowed: true, remaining: 2, resetSeconds: 60 })
})

test('two clients are counted apart', () => {
  const { limiter } = limiterAt(0)
  for (let i = 0; i < 3; i++) limiter.take('198.51.100.1')
  assert.equal(limiter.take('198.51.100.1').allowed, false)
  assert.equal(limiter.take('198.51.100.2').allowed, true)
  assert.equal(limiter.take('2001:db8::1').remaining, 2)
})

test('100,000 distinct addresses: memory stays the same, and a new client is still served', () => {
  const { limiter } = limiterAt(0, 1200)
  const before = limiter.byteLength
  for (let i = 0; i < 100_000; i++) {
    limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)
  }
  assert.equal(limiter.byteLength, before)
  assert.ok(before <= 1 << 20, `${before} bytes`)
  assert.deepEqual(limiter.take('198.51.100.77'), {
    allowed: true,
    remaining: 1199,
    resetSeconds: 60,
  })
})

test('a flood from many addresses takes almost nothing from a quiet client', () => {
  const { limiter } = limiterAt(0, 1200)
  // A million requests in one minute from 100,000 addresses, 10 each…
  for (let i = 0; i < 100_000; i++) {
    const address = `172.${16 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`
    for (let n = 0; n < 10; n++) limiter.take(address)
  }
  // …and a quiet client still gets nearly all of its 1,200: shared counters can only count
  // it a little high (here by the flood's average per counter at most), never low.
  let allowed = 0
  for (let n = 0; n < 1200; n++) if (limiter.take('198.51.100.9').allowed) allowed++
  assert.ok(allowed >= 1180 && allowed <= 1200, `${allowed} allowed`)
})
