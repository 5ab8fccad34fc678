/** Slow and oversized clients against a real listening server: clear answers, never a crash. */
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { after, before, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildFixtureApp } from '../support/fixture-app.ts'

let app: FastifyInstance
let port: number

before(async () => {
  app = await buildFixtureApp({ limits: { headersTimeoutMs: 500, requestTimeoutMs: 1000 } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as { port: number }).port
})
after(() => app.close())

/** Writes raw bytes, returns everything the server sends until it closes. */
function exchange(
  write: (socket: ReturnType<typeof connect>) => void,
  limitMs = 5000,
): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk
    })
    socket.on('close', () => resolve(received))
    socket.on('error', () => resolve(received))
    setTimeout(() => {
      socket.destroy()
      resolve(received)
    }, limitMs)
    socket.on('connect', () => write(socket))
  })
}

function problemOf(response: string): { status: number; body: { status: number; title: string } } {
  const [head = '', body = ''] = response.split('\r\n\r\n')
  assert.match(head, /content-type: application\/problem\+json/i, head)
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) }
}

test('a client that sends its headers too slowly is answered 408 and cut off; others are served', async () => {
  const slow = exchange((socket) => {
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n')
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100)
    socket.on('close', () => clearInterval(trickle))
  })
  const meanwhile = await fetch(`http://127.0.0.1:${port}/healthz`)
  assert.equal(meanwhile.status, 200)
  const response = await slow
  const { status, body } = problemOf(response)
  assert.equal(status, 408)
  assert.equal(body.status, 408)
})

test('headers over the limit are 431 problem+json', async () => {
  const response = await exchange((socket) =>
    socket.write(
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ),
  )
  assert.equal(problemOf(response).status, 431)
})

test('a URL over the limit is 414 problem+json', async () => {
  const response = await exchange((socket) =>
    socket.write(
      `GET /api/v1/check?project=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    ),
  )
  assert.equal(problemOf(response).status, 414)
})

test('bytes that are not HTTP are 400 problem+json', async () => {
  const response = await exchange((socket) => socket.write('HELLO THERE\r\n\r\n'))
  assert.equal(problemOf(response).status, 400)
})

test('the server still answers after all of that', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/projects`)
  assert.equal(response.status, 200)
})

test('when the event loop lags, requests are shed with 503 and Retry-After', async () => {
  const pressured = await buildFixtureApp({ limits: { maxEventLoopDelayMs: 20 } })
  try {
    await pressured.ready()
    const until = Date.now() + 1500
    while (Date.now() < until) {
      // block the event loop, as an overloaded process would
    }
    // let the sampler, whose timer is overdue now, record the delay
    await new Promise((resolve) => setTimeout(resolve, 20))
    const response = await pressured.inject('/api/v1/projects')
    assert.equal(response.statusCode, 503)
    assert.equal(response.headers['retry-after'], '10')
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
  } finally {
    await pressured.close()
  }
})
