import assert from 'node:assert/strict'
import { test } from 'node:test'
import { AnswerCache } from './answer-cache.ts'
import { apiBody } from './cached-body.ts'

const body = (bytes: number) => apiBody('x'.repeat(bytes), null)
const REQUEST = { project: 'p', version: '1', dependencies: [['a', '1']] as const }

test('keeps answers until its byte budget is spent, then drops the oldest first', () => {
  const cache = new AnswerCache(1000)
  cache.keepForUrl('/a', body(300))
  cache.keepForUrl('/b', body(300))
  cache.keepForUrl('/c', body(300))
  assert.equal(cache.size, 3)
  cache.keepForUrl('/d', body(300))
  assert.equal(cache.forUrl('/a'), undefined)
  assert.ok(cache.forUrl('/b') && cache.forUrl('/c') && cache.forUrl('/d'))
})

test('an answer larger than the whole budget is not kept, and keeps nothing out', () => {
  const cache = new AnswerCache(1000)
  cache.keepForUrl('/small', body(10))
  cache.keepForUrl('/huge', body(5000))
  assert.equal(cache.forUrl('/huge'), undefined)
  assert.ok(cache.forUrl('/small'))
})

test('keys count against the budget too', () => {
  const cache = new AnswerCache(1000)
  cache.keepForUrl(`/${'k'.repeat(300)}`, body(10))
  cache.keepForUrl(`/${'j'.repeat(300)}`, body(10))
  assert.equal(cache.size, 1)
})

test('a POST body never finds a GET answer, even when the texts are equal', () => {
  const cache = new AnswerCache(1000)
  const get = body(1)
  cache.keepForUrl('/api/v1/check?x', get)
  assert.equal(cache.forBody('/api/v1/check?x'), undefined)
  const post = body(2)
  cache.keepForBody('{"project":"p"}', post, REQUEST)
  assert.equal(cache.forBody('{"project":"p"}')?.body, post)
  assert.equal(cache.forBody('{"project":"p"}')?.parsed, REQUEST)
  assert.equal(cache.forUrl('{"project":"p"}'), undefined)
})
