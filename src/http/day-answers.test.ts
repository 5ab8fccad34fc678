import assert from 'node:assert/strict'
import { test } from 'node:test'
import { dayAnswerKey, dayCacheControl, dayMaxAge, pathEndsWith, todayBy } from './day-answers.ts'

// [URL, key on 2026-11-28]
const KEYS = [
  ['/api/v1/projects/k8s/lifecycle', '/api/v1/projects/k8s/lifecycle#2026-11-28'],
  [
    '/api/v1/projects/k8s/lifecycle?date=2027-01-01',
    '/api/v1/projects/k8s/lifecycle?date=2027-01-01',
  ],
  ['/api/v1/stack?components=x&date=2027-01-01', '/api/v1/stack?components=x&date=2027-01-01'],
  ['/api/v1/stack?components=%26date%3D1', '/api/v1/stack?components=%26date%3D1#2026-11-28'],
  ['/api/v1/stack?update=1', '/api/v1/stack?update=1#2026-11-28'],
] as const

for (const [url, key] of KEYS) {
  test(`dayAnswerKey('${url}') keeps the answer under '${key}'`, () =>
    assert.equal(dayAnswerKey(url, '2026-11-28'), key))
}

// [URL, now, max-age with a usual 300 s]
const AGES = [
  ['/x', '2026-11-28T12:00:00Z', 300],
  ['/x', '2026-11-28T23:58:30Z', 90],
  ['/x', '2026-11-28T23:59:59.500Z', 0],
  ['/x?date=2026-11-28', '2026-11-28T23:59:59Z', 300],
] as const

for (const [url, now, age] of AGES) {
  test(`an answer about today at ${now} may be cached ${age} s`, () =>
    assert.equal(dayMaxAge(url, 300, new Date(now)), age))
}

test('pathEndsWith reads the path before the query', () => {
  assert.equal(pathEndsWith('/api/v1/projects/x/lifecycle?date=1', '/lifecycle'), true)
  assert.equal(pathEndsWith('/api/v1/projects/x/versions?d=/lifecycle', '/lifecycle'), false)
})

test('todayBy follows its clock across midnight, forward and back', () => {
  let now = '2026-11-28T23:59:59.999Z'
  const today = todayBy(() => new Date(now))
  // [the clock's time, the day it gives]
  const readings = [
    ['2026-11-28T23:59:59.999Z', '2026-11-28'],
    ['2026-11-29T00:00:00.000Z', '2026-11-29'],
    ['2026-11-29T13:00:00.000Z', '2026-11-29'],
    ['2026-11-28T12:00:00.000Z', '2026-11-28'],
    ['2027-01-01T00:00:00.000Z', '2027-01-01'],
  ] as const
  for (const [time, day] of readings) {
    now = time
    assert.equal(today(), day, time)
  }
})

test('dayCacheControl: the usual text most of the day, a shorter max-age near its end', () => {
  assert.equal(dayCacheControl('/x', 300, new Date('2026-11-28T12:00:00Z')), 'public, max-age=300')
  assert.equal(dayCacheControl('/x', 300, new Date('2026-11-28T23:58:30Z')), 'public, max-age=90')
})
