import assert from 'node:assert/strict'
import { test } from 'node:test'
import { AnswerCache } from './answer-cache.ts'
import { apiBody } from './cached-body.ts'

const CHECK = '/api/v1/check'

const body = (bytes: number) => apiBody('x'.repeat(bytes), null)
const REQUEST = { project: 'p', version: '1', dependencies: [['a', '1']] as const }

/** Asked twice: the second time, the answer is kept. */
function keepTwice(cache: AnswerCache, url: string, answer: ReturnType<typeof body>): void {
  cache.keepForUrl(url, answer)
  cache.keepForUrl(url, answer)
}

test('an answer is kept the second time its request is seen, not the first', () => {
  const cache = new AnswerCache(1000)
  const answer = body(10)
  cache.keepForUrl('/once', answer)
  assert.equal(cache.forUrl('/once'), undefined)
  cache.keepForUrl('/once', answer)
  assert.equal(cache.forUrl('/once'), answer)
})

test('keeps answers until its byte budget is spent, then drops the oldest first', () => {
  const cache = new AnswerCache(1000)
  keepTwice(cache, '/a', body(300))
  keepTwice(cache, '/b', body(300))
  keepTwice(cache, '/c', body(300))
  assert.equal(cache.size, 3)
  keepTwice(cache, '/d', body(300))
  assert.equal(cache.forUrl('/a'), undefined)
  assert.ok(cache.forUrl('/b') && cache.forUrl('/c') && cache.forUrl('/d'))
})

test('an answer larger than the whole budget is not kept, and keeps nothing out', () => {
  const cache = new AnswerCache(1000)
  keepTwice(cache, '/small', body(10))
  keepTwice(cache, '/huge', body(5000))
  assert.equal(cache.forUrl('/huge'), undefined)
  assert.ok(cache.forUrl('/small'))
})

test('keys count against the budget too', () => {
  const cache = new AnswerCache(1000)
  keepTwice(cache, `/${'k'.repeat(300)}`, body(10))
  keepTwice(cache, `/${'j'.repeat(300)}`, body(10))
  assert.equal(cache.size, 1)
})

test('a POST body never finds a GET answer, even when the texts are equal', () => {
  const cache = new AnswerCache(1000)
  const get = body(1)
  keepTwice(cache, '/api/v1/check?x', get)
  assert.equal(cache.forBody(CHECK, '/api/v1/check?x'), undefined)
  const post = body(2)
  cache.keepForBody(CHECK, '{"project":"p"}', post, REQUEST)
  cache.keepForBody(CHECK, '{"project":"p"}', post, REQUEST)
  assert.equal(cache.forBody(CHECK, '{"project":"p"}')?.body, post)
  assert.equal(cache.forBody(CHECK, '{"project":"p"}')?.parsed, REQUEST)
  assert.equal(cache.forUrl('{"project":"p"}'), undefined)
})

test('bodies of one route never find another route’s answer', () => {
  const cache = new AnswerCache(1000)
  const post = body(2)
  cache.keepForBody(CHECK, '{"a":1}', post, REQUEST)
  cache.keepForBody(CHECK, '{"a":1}', post, REQUEST)
  assert.equal(cache.forBody(CHECK, '{"a":1}')?.body, post)
  assert.equal(cache.forBody('/api/v1/stack', '{"a":1}'), undefined)
})

test('GET and POST answers share the byte budget, oldest out first whichever kind it is', () => {
  const cache = new AnswerCache(1000)
  const post = body(300)
  cache.keepForBody(CHECK, '{"a":1}', post, REQUEST)
  assert.equal(cache.keepForBody(CHECK, '{"a":1}', post, REQUEST), true)
  keepTwice(cache, '/b', body(300))
  keepTwice(cache, '/c', body(300))
  keepTwice(cache, '/d', body(300))
  assert.equal(cache.forBody(CHECK, '{"a":1}'), undefined)
  assert.equal(cache.size, 3)
})
