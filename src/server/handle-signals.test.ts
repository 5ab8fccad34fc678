import assert from 'node:assert/strict'
import { test } from 'node:test'
import { STOP_INCOMPLETE_EXIT_CODE, type Stoppable, stopGracefully } from './handle-signals.ts'

const GRACE_MS = 8_000

interface Line {
  readonly level: string
  readonly message: string | undefined
  readonly fields: Record<string, unknown>
}

/** A server whose stop settles as `stopping` does, and what it logged. */
function fakeServer(stopping: Promise<void>): { server: Stoppable; lines: Line[] } {
  const lines: Line[] = []
  const record =
    (level: string) =>
    (fields: unknown, message?: string): void => {
      lines.push({ level, message, fields: fields as Record<string, unknown> })
    }
  return {
    server: {
      app: { log: { info: record('info'), error: record('error') } },
      stop: () => stopping,
    },
    lines,
  }
}

test('a stop still running after the grace period exits non-zero, and says why', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] })
  const exits: number[] = []
  const { server, lines } = fakeServer(new Promise(() => {}))
  stopGracefully(server, 'SIGTERM', GRACE_MS, (code) => exits.push(code))
  t.mock.timers.tick(GRACE_MS - 1)
  assert.deepEqual(exits, [], 'not before the grace period ends')
  t.mock.timers.tick(1)
  assert.deepEqual(exits, [STOP_INCOMPLETE_EXIT_CODE])
  assert.notEqual(STOP_INCOMPLETE_EXIT_CODE, 0)
  assert.deepEqual(lines, [
    {
      level: 'info',
      message: 'stopping: finishing requests in flight',
      fields: { signal: 'SIGTERM' },
    },
    {
      level: 'error',
      message: 'requests still in flight after the grace period of 8000 ms; exiting with 1',
      fields: { graceMs: GRACE_MS, exitCode: STOP_INCOMPLETE_EXIT_CODE },
    },
  ])
})

test('a stop that finishes within the grace period exits 0, and the grace timer never fires', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] })
  const exits: number[] = []
  let exited: (code: number) => void = () => {}
  const exitCalled = new Promise<number>((resolve) => {
    exited = resolve
  })
  const { server, lines } = fakeServer(Promise.resolve())
  stopGracefully(server, 'SIGINT', GRACE_MS, (code) => {
    exits.push(code)
    exited(code)
  })
  assert.equal(await exitCalled, 0)
  t.mock.timers.tick(GRACE_MS)
  assert.deepEqual(exits, [0])
  assert.deepEqual(
    lines.map((line) => line.level),
    ['info'],
  )
})

test('a stop that fails exits non-zero and logs the error', async () => {
  const { server, lines } = fakeServer(Promise.reject(new Error('cannot close')))
  const code = await new Promise<number>((resolve) =>
    stopGracefully(server, 'SIGTERM', GRACE_MS, resolve),
  )
  assert.equal(code, STOP_INCOMPLETE_EXIT_CODE)
  const [, logged] = lines
  assert.ok(logged)
  assert.equal(logged.level, 'error')
  assert.equal(logged.message, 'error while stopping')
  assert.equal((logged.fields.err as Error).message, 'cannot close')
})
