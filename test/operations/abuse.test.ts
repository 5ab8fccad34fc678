/**
 * Slow and oversized clients against a real listening server: clear answers, never a crash.
 * Every test starts a server of its own, and every wait is for the server's answer and the
 * connection it closes.
 */
import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { type TestContext, test } from 'node:test'
import { buildFixtureApp } from '../support/fixture-app.ts'
import { waitUntil } from '../support/wait-until.ts'

/** The fixture app listening with short header and request limits, closed after test `t`. */
async function listeningPort(t: TestContext): Promise<number> {
  const app = await buildFixtureApp({ limits: { headersTimeoutMs: 500, requestTimeoutMs: 1000 } })
  t.after(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as { port: number }).port
}

/**
 * Writes raw bytes, returns everything the server sends until it closes the connection (it
 * closes after every answer below; a server that did not would fail the test by its timeout).
 */
function exchange(port: number, write: (socket: Socket) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk
    })
    // A reset after the answer is still an answer: 'close' follows 'error'.
    socket.on('error', () => {})
    socket.on('close', () => resolve(received))
    socket.on('connect', () => write(socket))
  })
}

function problemOf(response: string): { status: number; body: { status: number; title: string } } {
  const [head = '', body = ''] = response.split('\r\n\r\n')
  assert.match(head, /content-type: application\/problem\+json/i, head)
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) }
}

/** Headers that never end, a line at a time: the server must cut the client off. */
const slowHeaders = (port: number): Promise<string> =>
  exchange(port, (socket) => {
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n')
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100)
    socket.on('close', () => clearInterval(trickle))
  })

const bigHeaders = (port: number): Promise<string> =>
  exchange(port, (socket) =>
    socket.write(
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ),
  )

const longUrl = (port: number): Promise<string> =>
  exchange(port, (socket) =>
    socket.write(
      `GET /api/v1/check?project=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    ),
  )

const notHttp = (port: number): Promise<string> =>
  exchange(port, (socket) => socket.write('HELLO THERE\r\n\r\n'))

const OPTIONS = { timeout: 30_000 }

test(
  'a client that sends its headers too slowly is answered 408 and cut off; others are served',
  OPTIONS,
  async (t) => {
    const port = await listeningPort(t)
    const slow = slowHeaders(port)
    const meanwhile = await fetch(`http://127.0.0.1:${port}/healthz`)
    assert.equal(meanwhile.status, 200)
    const response = await slow
    const { status, body } = problemOf(response)
    assert.equal(status, 408)
    assert.equal(body.status, 408)
  },
)

test('headers over the limit are 431 problem+json', OPTIONS, async (t) => {
  const port = await listeningPort(t)
  assert.equal(problemOf(await bigHeaders(port)).status, 431)
})

test('a URL over the limit is 414 problem+json', OPTIONS, async (t) => {
  const port = await listeningPort(t)
  assert.equal(problemOf(await longUrl(port)).status, 414)
})

test('bytes that are not HTTP are 400 problem+json', OPTIONS, async (t) => {
  const port = await listeningPort(t)
  assert.equal(problemOf(await notHttp(port)).status, 400)
})

test('the server still answers after all of that', OPTIONS, async (t) => {
  const port = await listeningPort(t)
  const answers = await Promise.all([
    slowHeaders(port),
    bigHeaders(port),
    longUrl(port),
    notHttp(port),
  ])
  assert.deepEqual(
    answers.map((answer) => problemOf(answer).status),
    [408, 431, 414, 400],
  )
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/projects`)
  assert.equal(response.status, 200)
})

test('when the event loop lags, requests are shed with 503 and Retry-After', OPTIONS, async () => {
  const pressured = await buildFixtureApp({ limits: { maxEventLoopDelayMs: 20 } })
  try {
    await pressured.ready()
    // The load-shedding sampler averages the loop's delay since its last run, about once a
    // second: wait for a run, so that the stall below dominates the next average.
    const before = pressured.memoryUsage().heapUsed
    await waitUntil(
      'a run of the load-shedding sampler',
      () => pressured.memoryUsage(),
      (usage) => usage.rssBytes > 0 && usage.heapUsed !== before,
      { everyMs: 5, attempts: 1000 },
    )
    // Stall the event loop past the sampler's next run, as an overloaded process would.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500)
    // The sampler, overdue now, records the stall at its next run.
    await waitUntil(
      'the sampler recording a delay over 20 ms',
      () => pressured.memoryUsage().eventLoopDelay,
      (delay) => delay > 20,
      { everyMs: 5, attempts: 1000 },
    )
    const response = await pressured.inject('/api/v1/projects')
    assert.equal(response.statusCode, 503)
    assert.equal(response.headers['retry-after'], '10')
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
  } finally {
    await pressured.close()
  }
})
