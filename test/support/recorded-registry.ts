/**
 * A local npm registry and PyPI JSON API answering from the recorded answers in
 * test/fixtures/registry/ (npm/NAME.json, pypi/NAME.json, pypi/NAME/VERSION.json): no test
 * reaches the network. Answers carry an ETag and `cache-control: max-age=0` (unless told
 * otherwise), so a client that keeps them revalidates each time and gets a 304. Names can be
 * made slow or failing.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

const FIXTURES = new URL('../fixtures/registry/', import.meta.url)

export interface RecordedRegistryOptions {
  /** Names (npm, or PyPI project) answered only after this long, in milliseconds. */
  readonly slow?: ReadonlyMap<string, number>
  /** Names answered with this status instead. */
  readonly failing?: ReadonlyMap<string, number>
  /** Seconds an answer is fresh for (`cache-control: max-age`); 0, the default, revalidates each time. */
  readonly maxAge?: number
}

export interface RecordedRegistry {
  /** The npm registry's address (for npm_config_registry). */
  readonly npm: string
  /** The PyPI JSON API's address (for COMPAT_PYPI_URL). */
  readonly pypi: string
  /** Every request: `METHOD path status`. */
  readonly asked: string[]
  /** The most requests in flight at once. */
  readonly mostInFlight: () => number
  close(): Promise<void>
}

export async function recordedRegistry(
  options: RecordedRegistryOptions = {},
): Promise<RecordedRegistry> {
  const asked: string[] = []
  let inFlight = 0
  let most = 0
  const server: Server = createServer(async (request, response) => {
    inFlight += 1
    most = Math.max(most, inFlight)
    // A request the client gave up on (its timeout, on a busy machine) is no longer in flight
    // for it, though this handler may still be reading the fixture.
    let counted = true
    const leave = () => {
      if (counted) inFlight -= 1
      counted = false
    }
    response.on('close', leave)
    const done = (status: number, body = '', headers: Record<string, string> = {}) => {
      asked.push(`${request.method} ${request.url} ${status}`)
      leave()
      response.writeHead(status, headers)
      response.end(body)
    }
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] as string)
    const found = fixtureOf(path)
    if (found === null)
      return done(404, '{"error":"Not found"}', { 'content-type': 'application/json' })
    const delay = options.slow?.get(found.name)
    if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay))
    const failing = options.failing?.get(found.name)
    if (failing !== undefined) return done(failing, '{"error":"failing"}')
    let body: Buffer
    try {
      body = await readFile(new URL(found.file, FIXTURES))
    } catch {
      return done(404, '{"error":"Not found"}', { 'content-type': 'application/json' })
    }
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`
    const headers = {
      etag,
      'cache-control': `public, max-age=${options.maxAge ?? 0}`,
      'content-type': 'application/json',
    }
    if (request.headers['if-none-match'] === etag) return done(304, '', headers)
    done(200, body.toString(), headers)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    npm: `${base}/npm/`,
    pypi: `${base}/pypi`,
    asked,
    mostInFlight: () => most,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** `/npm/@scope/name` → npm/@scope/name.json; `/pypi/NAME/json`, `/pypi/NAME/VERSION/json`. */
function fixtureOf(path: string): { readonly name: string; readonly file: string } | null {
  if (path.startsWith('/npm/')) {
    const name = path.slice('/npm/'.length)
    if (!/^(@[a-z0-9._~-]+\/)?[a-z0-9._~-]+$/i.test(name)) return null
    return { name, file: `npm/${name}.json` }
  }
  const pypi = /^\/pypi\/([A-Za-z0-9._-]+)\/(?:([A-Za-z0-9.+!_-]+)\/)?json$/.exec(path)
  if (pypi === null) return null
  const [, name = '', version] = pypi
  return {
    name,
    file: version === undefined ? `pypi/${name}.json` : `pypi/${name}/${version}.json`,
  }
}
