/**
 * A local HTTP server answering as the upstreams `compat outdated` and the importers read,
 * from the recorded answers in test/fixtures/upstream/: no test reaches the network.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

const FIXTURES = new URL('../fixtures/upstream/', import.meta.url)

export interface RecordedAnswer {
  readonly status?: number
  readonly file?: string
  readonly body?: string
  readonly headers?: Readonly<Record<string, string>>
}

export interface RecordedUpstream {
  readonly url: string
  /** The paths asked for, in order, with their query. */
  readonly asked: string[]
  close(): Promise<void>
}

/** Serves `routes` (path with query → answer); any other path is 404. `{base}` in a header is the server's address. */
export async function recordedUpstream(
  routes: Readonly<Record<string, RecordedAnswer>>,
): Promise<RecordedUpstream> {
  const asked: string[] = []
  let base = ''
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/'
    asked.push(path)
    const answer = routes[path]
    if (answer === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end('{"error":"Not found"}')
      return
    }
    const body =
      answer.body ?? (answer.file === undefined ? '' : readFileSync(new URL(answer.file, FIXTURES)))
    const headers = Object.fromEntries(
      Object.entries(answer.headers ?? {}).map(([name, value]) => [
        name,
        value.replaceAll('{base}', base),
      ]),
    )
    response.writeHead(answer.status ?? 200, headers)
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
