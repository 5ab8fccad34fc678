import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type Server } from 'node:net'
import { after, before, describe, test } from 'node:test'
import {
  BROKEN_PROJECT,
  DEMO_PROJECT,
  type FixtureDir,
  writeDataDir,
} from '../../../test/support/fixture-data.ts'
import {
  COMPAT_BIN,
  cleanEnv,
  REPO_ROOT,
  runCompatInProcess,
} from '../../../test/support/run-compat.ts'

let demo: FixtureDir
let broken: FixtureDir
/** Something already listening, to find its port taken. */
let occupant: Server
let takenPort: string

before(async () => {
  demo = await writeDataDir({ 'demo.yaml': DEMO_PROJECT })
  broken = await writeDataDir({ 'broken.yaml': BROKEN_PROJECT })
  occupant = createServer()
  await new Promise<void>((resolve) => occupant.listen(0, '127.0.0.1', resolve))
  takenPort = String((occupant.address() as { port: number }).port)
})
after(async () => {
  await new Promise((resolve) => occupant.close(resolve))
  await demo.remove()
  await broken.remove()
})

/** Resolves with the URL from the "serving ... at URL" line, or rejects when the process ends first. */
async function servingUrl(child: ChildProcess): Promise<string> {
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk
      const url = /^compat serve: serving .* at (http:\/\/\S+)$/m.exec(stderr)?.[1]
      if (url !== undefined) resolve(url)
    })
    child.once('exit', (code) => reject(new Error(`compat serve exited with ${code}: ${stderr}`)))
  })
}

describe('bin/compat.js serve', () => {
  test('starts on a free port, answers /healthz and the API, stops cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        COMPAT_BIN,
        'serve',
        '--data',
        demo.dir,
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--version-lookup',
        'line',
      ],
      { cwd: REPO_ROOT, env: cleanEnv({ LOG_LEVEL: 'warn' }), stdio: ['ignore', 'ignore', 'pipe'] },
    )
    try {
      const url = await servingUrl(child)
      const health = await fetch(`${url}/healthz`)
      assert.equal(health.status, 200)
      assert.deepEqual(await health.json(), { status: 'ok' })
      const service = (await (await fetch(`${url}/api/v1`)).json()) as { versionLookup: string }
      assert.equal(service.versionLookup, 'line')
      const projects = (await (await fetch(`${url}/api/v1/projects`)).json()) as {
        projects: { id: string }[]
      }
      assert.deepEqual(
        projects.projects.map((project) => project.id),
        ['demo'],
      )
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      const [code] = await exited
      assert.equal(code, 0)
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  })
})

describe('compat serve errors: exit 3 before listening', () => {
  // arguments, environment, what stderr must say
  const cases: [() => string[], Record<string, string>, RegExp][] = [
    [
      () => ['serve', '--data', broken.dir, '--port', '0'],
      {},
      /^compat serve: cannot start: the dataset in .* has 3 fault\(s\):\n.*broken\.yaml:9:18: /,
    ],
    [
      () => ['serve', '--port', '70000'],
      {},
      /--port '70000' must be a port number from 0 to 65535/,
    ],
    [() => ['serve', '--port', 'http'], {}, /--port 'http' must be a port number/],
    [() => ['serve', '--host', ''], {}, /--host needs a host name or address/],
    [() => ['serve', '--data', '/nonexistent/compat-data'], {}, /no such directory/],
    [() => ['serve'], { PORT: 'eighty' }, /PORT must be a whole number, got 'eighty'/],
    [() => ['serve', '--tls'], {}, /unknown option '--tls'/],
    [
      () => ['serve', '--version-lookup', 'fuzzy'],
      {},
      /--version-lookup 'fuzzy' must be exact or line/,
    ],
    [
      () => ['serve'],
      { COMPAT_VERSION_LOOKUP: 'fuzzy' },
      /COMPAT_VERSION_LOOKUP must be exact or line, got 'fuzzy'/,
    ],
    [
      () => ['serve', '--data', demo.dir, '--host', '127.0.0.1', '--port', takenPort],
      { LOG_LEVEL: 'silent' },
      /^compat serve: cannot start: port \d+ on 127\.0\.0\.1 is already in use; stop what listens there, or choose another port \(PORT, --port\)\n$/,
    ],
  ]
  for (const [args, env, message] of cases) {
    test(message.source, async () => {
      const run = await runCompatInProcess(args(), { env })
      assert.equal(run.code, 3)
      assert.match(run.stderr, message)
    })
  }
})

describe('start-up errors: the same exit code and words from npm start (dist/server.js) and compat serve', () => {
  /** Runs a built entry point to its exit; the built files are what users run. */
  const exitOf = (args: readonly string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: cleanEnv(env) })
      let stderr = ''
      child.stderr.on('data', (chunk) => {
        stderr += chunk
      })
      child.on('close', (code) => resolve({ code, stderr }))
    })

  // Columns: environment, the one line both entry points print after their prefix.
  const cases: [() => Record<string, string>, RegExp][] = [
    [
      () => ({ COMPAT_VERSION_LOOKUP: 'fuzzy' }),
      /COMPAT_VERSION_LOOKUP must be exact or line, got 'fuzzy'/,
    ],
    [() => ({ PORT: 'eighty' }), /PORT must be a whole number, got 'eighty'/],
    [
      () => ({ COMPAT_RATE_LIMIT: 'fast' }),
      /COMPAT_RATE_LIMIT must be a number of requests per second, minute or hour, such as 1200\/minute; got 'fast'/,
    ],
    [
      () => ({ COMPAT_RATE_LIMIT: '60/minute', COMPAT_TRUST_PROXY: 'proxy.internal' }),
      /COMPAT_TRUST_PROXY: 'proxy\.internal' is not an address or a network/,
    ],
    [
      () => ({ COMPAT_PUBLIC_URL: 'compat.example.org' }),
      /COMPAT_PUBLIC_URL must be the site's absolute http\(s\) address, such as https:\/\/compat\.example\.org; got 'compat\.example\.org'/,
    ],
    [
      () => ({ PORT: takenPort, HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
      /port \d+ on 127\.0\.0\.1 is already in use; stop what listens there, or choose another port/,
    ],
  ]
  for (const [env, message] of cases) {
    test(message.source, async () => {
      const server = await exitOf(['dist/server.js'], env())
      const serve = await exitOf([COMPAT_BIN, 'serve'], env())
      for (const [run, prefix] of [
        [server, 'compat: cannot start: '],
        [serve, 'compat serve: cannot start: '],
      ] as const) {
        assert.equal(run.code, 3)
        assert.ok(run.stderr.startsWith(prefix), run.stderr)
        assert.match(run.stderr, message)
        assert.doesNotMatch(run.stderr, /please report|unexpected error|\n\s+at /)
        assert.equal(run.stderr.trimEnd().split('\n').length, 1)
      }
    })
  }
})
