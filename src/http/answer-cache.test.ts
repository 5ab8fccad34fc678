import assert from 'node:assert/strict'
import { test } from 'node:test'
import { AnswerCache } from './answer-cache.ts'
import { cachedBody } from './cached-body.ts'

const answer = (bytes: number) => ({ body: cachedBody('x'.repeat(bytes), null) })

test('keeps answers until its byte budget is spent, then drops the oldest first', () => {
  const cache = new AnswerCache(1000)
  cache.set('a', answer(300))
  cache.set('b', answer(300))
  cache.set('c', answer(300))
  assert.equal(cache.size, 3)
  cache.set('d', answer(300))
  assert.equal(cache.get('a'), undefined)
  assert.ok(cache.get('b') && cache.get('c') && cache.get('d'))
})

test('an answer larger than the whole budget is not kept, and keeps nothing out', () => {
  const cache = new AnswerCache(1000)
  cache.set('small', answer(10))
  cache.set('huge', answer(5000))
  assert.equal(cache.get('huge'), undefined)
  assert.ok(cache.get('small'))
})

test('keys count against the budget too', () => {
  const cache = new AnswerCache(1000)
  cache.set('k'.repeat(300), answer(10))
  cache.set('j'.repeat(300), answer(10))
  assert.equal(cache.size, 1)
})
