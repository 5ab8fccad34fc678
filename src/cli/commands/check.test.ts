import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import {
  BROKEN_PROJECT,
  DEMO_PROJECT,
  type FixtureDir,
  writeDataDir,
} from '../../../test/support/fixture-data.ts'
import { startFixtureServer } from '../../../test/support/fixture-server.ts'
import { runCompat, runCompatInProcess } from '../../../test/support/run-compat.ts'
import type { RunningServer } from '../../server.ts'

let demo: FixtureDir
let broken: FixtureDir
/** The API server on the demo data, in this process. */
let server: RunningServer
/** A server that answers with a problem, or with a 200 that is not a check result. */
let stub: Server
let stubUrl: string
/** A port that was free a moment ago: nothing listens there. */
let closedUrl: string

before(async () => {
  demo = await writeDataDir({ 'demo.yaml': DEMO_PROJECT })
  broken = await writeDataDir({ 'demo.yaml': DEMO_PROJECT, 'broken.yaml': BROKEN_PROJECT })
  server = await startFixtureServer({ dataDir: demo.dir })
  stub = createServer((request, response) => {
    if (request.url?.includes('project=notacheck')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}')
      return
    }
    response
      .writeHead(503, { 'content-type': 'application/problem+json' })
      .end(
        '{"type":"about:blank","title":"Service Unavailable","status":503,"detail":"No dataset is loaded yet."}',
      )
  })
  stubUrl = await listen(stub)
  const closed = createServer()
  closedUrl = await listen(closed)
  await new Promise((resolve) => closed.close(resolve))
})

after(async () => {
  await server.app.close()
  await new Promise((resolve) => stub.close(resolve))
  await demo.remove()
  await broken.remove()
})

const onDemo = (...args: string[]) => [
  'check',
  '--data',
  demo.dir,
  '--project',
  'demo',
  '--version',
  '2.0',
  ...args,
]
const onServer = (url: string, ...args: string[]) => [
  'check',
  '--url',
  url,
  '--project',
  'demo',
  '--version',
  '2.0',
  ...args,
]

async function getAnswer(query: Record<string, string>): Promise<string> {
  return (await fetch(`${server.url}/api/v1/check?${new URLSearchParams(query)}`)).text()
}

async function postAnswer(body: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return response.text()
}

const SINGLE_QUERY = {
  project: 'demo',
  version: '2.0',
  dependency: 'python',
  dependencyVersion: '3.12.4',
}
// Order matters: the answer lists the checks in request order.
const COMBINATION_PAIRS = ['redis=7', 'python=3.12', 'postgresql=14']
const COMBINATION_BODY =
  '{"project":"demo","version":"2.0","dependencies":{"redis":"7","python":"3.12","postgresql":"14"}}'

describe('bin/compat.js check: one run for each exit code and mode', { concurrency: 4 }, () => {
  test('offline --json prints the GET answer byte for byte; compatible exits 0', async () => {
    const [answer, run] = await Promise.all([
      getAnswer(SINGLE_QUERY),
      runCompat(onDemo('python=3.12.4', '--json')),
    ])
    assert.equal(run.stdout, `${answer}\n`)
    assert.equal(run.stderr, '')
    assert.equal(run.code, 0)
  })

  test('offline: incompatible exits 1 with the table', async () => {
    const run = await runCompat(onDemo('python=3.13'))
    assert.equal(run.code, 1)
    assert.match(
      run.stdout,
      /^DEPENDENCY +VERSION +VERDICT +MATCHED +CONFIDENCE +LAST VERIFIED +REASON\npython +3\.13 +incompatible +- +high +2026-01-10 +3\.13 fails the bound <3\.13 of the documented range ">=3\.10 <3\.13"\.\n$/,
    )
  })

  test('offline: unknown exits 2', async () => {
    const run = await runCompat(onDemo('redis=7'))
    assert.equal(run.code, 2)
    assert.match(run.stdout, /^redis +7 +unknown +- +low +2020-05-01 +The entry for redis/m)
  })

  test('a usage error is one line on stderr, exit 3', async () => {
    const run = await runCompat(['check', '--project', 'demo', '--version', '2.0', 'python'])
    assert.equal(run.code, 3)
    assert.equal(run.stdout, '')
    assert.equal(
      run.stderr,
      "compat check: 'python' is not DEP=VERSION; write it as e.g. python=3.12 (see 'compat check --help')\n",
    )
  })

  test('--url --json prints the POST answer byte for byte, checks in the order given', async () => {
    const [answer, run] = await Promise.all([
      postAnswer(COMBINATION_BODY),
      runCompat(onServer(server.url, ...COMBINATION_PAIRS, '--json')),
    ])
    assert.equal(run.stdout, `${answer}\n`)
    assert.equal(run.code, 1)
  })

  test('--url: the table and the aggregate verdict come from the server', async () => {
    const run = await runCompat(onServer(server.url, 'python=3.12', 'redis=7'))
    assert.equal(run.code, 2)
    assert.match(run.stdout, /^python +3\.12 +compatible /m)
    assert.match(
      run.stdout,
      /^demo 2\.0: unknown — None is incompatible, but 1 of 2 cannot be decided: "redis"\.$/m,
    )
  })

  test('--url: an error answer shows its problem detail, exit 3', async () => {
    const run = await runCompat(onServer(stubUrl, 'python=3.12'))
    assert.equal(run.code, 3)
    assert.equal(run.stdout, '')
    assert.equal(
      run.stderr,
      `compat check: the server at ${stubUrl}/ answered 503 Service Unavailable: No dataset is loaded yet; try again later or tell the operator\n`,
    )
  })

  test('--url: an unreachable server is one line, exit 3', async () => {
    const run = await runCompat(onServer(closedUrl, 'python=3.12'))
    assert.equal(run.code, 3)
    assert.equal(run.stdout, '')
    assert.equal(
      run.stderr,
      `compat check: cannot reach ${closedUrl}/ (ECONNREFUSED); check --url and that the server is running\n`,
    )
  })
})

describe('compat check verdicts', () => {
  // DEP=VERSION pairs, exit code, a row of the table that must appear
  const cases: [string[], number, RegExp][] = [
    [
      ['python=3.12.4'],
      0,
      /^python +3\.12\.4 +compatible +>=3\.10 <3\.13 +high +2026-01-10 +3\.12\.4 satisfies/m,
    ],
    [['python=3.13'], 1, /^python +3\.13 +incompatible +- +high +2026-01-10 +3\.13 fails/m],
    [['postgresql=16.3'], 0, /^postgresql +16\.3 +compatible +16 +medium +- +16\.3 is in/m],
    [['demo-cli=2.0'], 0, /^demo-cli +2\.0 +compatible +same-version +medium +2026-11-01 /m],
    [['demo-cli=2.1'], 1, /^demo-cli +2\.1 +incompatible +- +medium /m],
    [['redis=7'], 2, /^redis +7 +unknown +- +low +2020-05-01 /m],
    [['nope=1'], 2, /^nope +1 +unknown +- +low +- +Demo 2\.0 documents no dependency "nope"/m],
    [['python=3.12', 'postgresql=15.4'], 0, /^demo 2\.0: compatible — All 2 dependencies/m],
    [['python=3.12', 'redis=7'], 2, /^demo 2\.0: unknown — None is incompatible, but 1 of 2/m],
    [['redis=7', 'python=3.9'], 1, /^demo 2\.0: incompatible — 1 of 2 dependencies/m],
  ]
  for (const [pairs, code, line] of cases) {
    test(`${pairs.join(' ')} exits ${code}`, async () => {
      const run = await runCompatInProcess(onDemo(...pairs))
      assert.equal(run.stderr, '')
      assert.equal(run.code, code)
      assert.match(run.stdout, line)
    })
  }

  test('a combination lists the checks in the order given, then the aggregate verdict', async () => {
    const run = await runCompatInProcess(onDemo('redis=7', 'python=3.9', 'postgresql=16'))
    const lines = run.stdout.trimEnd().split('\n')
    assert.deepEqual(
      lines.slice(1, 4).map((line) => line.split(/ +/).slice(0, 3)),
      [
        ['redis', '7', 'unknown'],
        ['python', '3.9', 'incompatible'],
        ['postgresql', '16', 'compatible'],
      ],
    )
    assert.equal(lines[4], '')
    assert.equal(
      lines[5],
      'demo 2.0: incompatible — 1 of 3 dependencies is incompatible: "python".',
    )
  })

  test('--version-lookup line answers a release from its documented line; exact stays the default', async () => {
    const release = ['check', '--data', demo.dir, '--project', 'demo', '--version', 'v2.0.3']
    const exact = await runCompatInProcess([...release, 'python=3.12'])
    assert.equal(exact.code, 2)
    assert.match(exact.stdout, /ask for "2\.0"/)
    const line = await runCompatInProcess([...release, 'python=3.12', '--version-lookup', 'line'])
    assert.equal(line.code, 0)
    assert.match(line.stdout, /answered from the documented Demo 2\.0 line\./)
    const fromEnvironment = await runCompatInProcess([...release, 'python=3.12', '--json'], {
      env: { COMPAT_VERSION_LOOKUP: 'line' },
    })
    assert.equal(fromEnvironment.code, 0)
    assert.equal(JSON.parse(fromEnvironment.stdout).version, 'v2.0.3')
  })

  test('an unknown project is unknown (2), not an error', async () => {
    const run = await runCompatInProcess([
      'check',
      '--data',
      demo.dir,
      '--project',
      'nope',
      '--version',
      '1',
      'python=3',
    ])
    assert.equal(run.code, 2)
    assert.match(run.stdout, /No project "nope" is known/)
  })

  test('the bundled data is the default', async () => {
    const run = await runCompatInProcess([
      'check',
      '--project',
      'no-such-project',
      '--version',
      '1',
      'x=1',
    ])
    assert.equal(run.code, 2)
    assert.match(run.stdout, /No project "no-such-project" is known/)
  })

  test('offline --json prints the POST answer byte for byte', async () => {
    const [answer, run] = await Promise.all([
      postAnswer(COMBINATION_BODY),
      runCompatInProcess(onDemo(...COMBINATION_PAIRS, '--json')),
    ])
    assert.equal(run.stdout, `${answer}\n`)
    assert.equal(run.code, 1)
  })

  test('--url --json prints the GET answer byte for byte', async () => {
    const [answer, run] = await Promise.all([
      getAnswer(SINGLE_QUERY),
      runCompatInProcess(onServer(`${server.url}/`, 'python=3.12.4', '--json')),
    ])
    assert.equal(run.stdout, `${answer}\n`)
    assert.equal(run.code, 0)
  })

  test('a version containing "=" is split at the first "=" and checked as given', async () => {
    const run = await runCompatInProcess(onDemo('python=3.12=x', '--json'))
    assert.equal(JSON.parse(run.stdout).dependencyVersion, '3.12=x')
  })
})

describe('compat check errors: one line, exit 3', () => {
  const base = ['check', '--project', 'demo', '--version', '2.0']
  // arguments, what the one line on stderr must say
  const cases: [() => string[], RegExp][] = [
    [() => ['check', '--version', '2.0', 'python=3'], /--project is required/],
    [() => ['check', '--project', 'demo', 'python=3'], /--version is required/],
    [() => base, /give at least one DEP=VERSION/],
    [() => [...base, 'python3.12'], /'python3\.12' is not DEP=VERSION/],
    [() => [...base, '=3.12'], /'=3\.12' has no dependency before '='/],
    [() => [...base, 'python='], /'python=' has no version after '='/],
    [() => [...base, 'python=3.12', 'python=3.11'], /dependency 'python' is given more than once/],
    [
      () => [...base, `python=${'1'.repeat(129)}`],
      /DEP=VERSION: value of "python" must be at most 128 characters/,
    ],
    [
      () => [...base, `${'k'.repeat(129)}=1`],
      /DEP=VERSION: key "k+" must be at most 128 characters/,
    ],
    [() => [...base, 'python=3.12\u0007'], /value of "python" must not contain control characters/],
    [
      () => ['check', '--project', '', '--version', '2.0', 'python=3'],
      /--project must not be empty/,
    ],
    [
      () => ['check', '--project', 'p'.repeat(129), '--version', '2.0', 'python=3'],
      /--project must be at most 128 characters/,
    ],
    [
      () => [...base, ...Array.from({ length: 33 }, (_, index) => `d${index}=1`)],
      /must hold 1 to 32 dependencies/,
    ],
    [() => [...base, 'python=3', '--frobnicate'], /unknown option '--frobnicate'/],
    [() => [...base, 'python=3', '--data'], /--data needs a value/],
    [() => [...base, 'python=3', '--json=yes'], /--json takes no value/],
    [
      () => ['check', '--project', 'a', '--project', 'b', '--version', '2.0', 'python=3'],
      /--project is given more than once/,
    ],
    [
      () => [...base, 'python=3', '--data', 'x', '--url', 'http://127.0.0.1:9'],
      /give --data \(answer offline\) or --url \(ask a server\), not both/,
    ],
    [() => [...base, 'python=3', '--url', 'not a url'], /--url 'not a url' is not a URL/],
    [
      () => [...base, 'python=3', '--url', 'ftp://example.org'],
      /must start with http:\/\/ or https:\/\//,
    ],
    [() => [...base, 'python=3', '--timeout', '5'], /--timeout applies only with --url/],
    [
      () => [...base, 'python=3', '--version-lookup', 'fuzzy'],
      /--version-lookup 'fuzzy' must be exact or line/,
    ],
    [
      () => [...base, 'python=3', '--url', 'http://127.0.0.1:9', '--version-lookup', 'line'],
      /--version-lookup applies offline; with --url the server decides/,
    ],
    [
      () => [...base, 'python=3', '--url', 'http://127.0.0.1:9', '--timeout', '0'],
      /--timeout '0' must be a number of seconds/,
    ],
    [
      () => [...base, 'python=3', '--data', '/nonexistent/compat-data'],
      /--data \/nonexistent\/compat-data: no such directory/,
    ],
    [
      () => ['check', '--data', broken.dir, '--project', 'demo', '--version', '2.0', 'python=3'],
      /the data in .* has 3 faults; run 'compat validate --data .*' to list them/,
    ],
    [
      () => onServer(stubUrl, 'python=3'),
      /answered 503 Service Unavailable: No dataset is loaded yet/,
    ],
    [
      () => ['check', '--url', stubUrl, '--project', 'notacheck', '--version', '1', 'python=3'],
      /answered, but not with a check result; is --url the base URL of a compat server\?/,
    ],
    [
      () => onServer(`${server.url}/api/v1`, 'python=3'),
      /answered 404 Not Found: .*without \/api\/v1/,
    ],
  ]
  for (const [args, message] of cases) {
    test(message.source, async () => {
      const run = await runCompatInProcess(args())
      assert.equal(run.code, 3)
      assert.equal(run.stdout, '')
      assert.match(run.stderr, /^compat check: [^\n]+\n$/)
      assert.match(run.stderr, message)
    })
  }
})

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
