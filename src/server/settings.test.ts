import assert from 'node:assert/strict'
import { test } from 'node:test'
import { optionsFromEnvironment } from './settings.ts'

const portOf = (PORT: string | undefined) => optionsFromEnvironment({ PORT }).port

test('PORT: unset is 8080; 0 (any free port) to 65535 are taken as they are', () => {
  assert.equal(portOf(undefined), 8080)
  assert.equal(portOf(''), 8080)
  assert.equal(portOf('0'), 0)
  assert.equal(portOf('8081'), 8081)
  assert.equal(portOf('65535'), 65535)
})

test('PORT above 65535 is a start-up error naming PORT and the range, as --port is', () => {
  for (const text of ['65536', '70000', '99999999999']) {
    assert.throws(() => portOf(text), {
      message: `PORT must be a port number from 0 to 65535, got '${text}'`,
    })
  }
})

test('PORT that is not a whole number is a start-up error naming PORT', () => {
  for (const text of ['eighty', '-1', '80.5', ' 80']) {
    assert.throws(() => portOf(text), { message: `PORT must be a whole number, got '${text}'` })
  }
})

test('COMPAT_TIERS_OFF switches the named tiers off; an unknown name is a start-up error', () => {
  assert.equal(optionsFromEnvironment({}).tiers, undefined)
  assert.deepEqual(optionsFromEnvironment({ COMPAT_TIERS_OFF: 'cached, bodies' }).tiers, {
    cachedAnswers: false,
    newSingleCheck: true,
    bodyReaders: false,
  })
  assert.throws(() => optionsFromEnvironment({ COMPAT_TIERS_OFF: 'cache' }), {
    message: "COMPAT_TIERS_OFF names tiers among cached, new-check, bodies; got 'cache'",
  })
})
