/** Runs wrk pinned to the load core and reads its summary. */
import { execFile, execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Endpoint } from './servers.ts'

export interface WrkResult {
  readonly requestsPerSecond: number
  readonly p50: string
  readonly p99: string
  /** p99 in milliseconds, for comparisons with a target. */
  readonly p99Ms: number
  /** Non-2xx answers plus socket errors: a result with errors measured something else. */
  readonly errors: number
  readonly requests: number
}

export interface WrkOptions {
  base: string
  endpoint: Endpoint
  duration: number
  connections: number
  core: string
  work: string
  nginx?: boolean
}

export function runWrk(options: WrkOptions): WrkResult {
  return parseWrk(execFileSync('taskset', wrkArgs(options), { encoding: 'utf8' }))
}

/** The same, without blocking this process (something else must happen meanwhile). */
export async function runWrkAsync(options: WrkOptions): Promise<WrkResult> {
  const { stdout } = await promisify(execFile)('taskset', wrkArgs(options), { encoding: 'utf8' })
  return parseWrk(stdout)
}

function wrkArgs(options: WrkOptions): string[] {
  const { endpoint } = options
  const args = [
    '-c',
    options.core,
    'wrk',
    '-t1',
    `-c${options.connections}`,
    `-d${options.duration}s`,
    '--latency',
  ]
  const path =
    options.nginx && endpoint.nginxPath !== undefined ? endpoint.nginxPath : endpoint.path
  const script = wrkScript(endpoint, path, ++runs * COUNTER_SPACING)
  if (script !== null) {
    const file = join(options.work, `${endpoint.method.toLowerCase()}-${script.length}.lua`)
    writeFileSync(file, script)
    args.push('-s', file)
  }
  args.push(`${options.base}${path}`)
  return args
}

// Each run counts from its own start, so a round of "new" requests never repeats one an
// earlier round sent: a repeat is kept by the answer cache (the second time a request is
// seen), which is a different case from the one the row measures.
let runs = 0
const COUNTER_SPACING = 10_000_000

/**
 * The Lua script for an endpoint: a fixed POST, a URL or body that changes every request
 * (every `%d` in `varying` is the request counter, from `start`), or a mix of requests taken in
 * turn.
 */
/** Every `%d` of a text replaced by the counter (URL escapes like `%7B` are left alone). */
const FILL = 'local function fill(text, n) return (string.gsub(text, "%%d", tostring(n))) end\n'

function wrkScript(endpoint: Endpoint, path: string, start: number): string | null {
  if (endpoint.mix !== undefined) {
    const requests = endpoint.mix.map((item) =>
      item.method === 'POST'
        ? `function(n) return wrk.format("POST", ${JSON.stringify(item.path)}, {["content-type"]="application/json"}, fill(${JSON.stringify(item.body ?? '')}, n)) end`
        : `function(n) return wrk.format("GET", fill(${JSON.stringify(item.path)}, n)) end`,
    )
    return `${FILL}local n = ${start}\nlocal requests = {${requests.join(',\n')}}\nrequest = function()\n  n = n + 1\n  return requests[(n % #requests) + 1](n)\nend\n`
  }
  if (endpoint.varying !== undefined) {
    if (endpoint.method === 'POST') {
      return `${FILL}local n = ${start}\nrequest = function()\n  n = n + 1\n  return wrk.format("POST", ${JSON.stringify(path)}, {["content-type"]="application/json"}, fill(${JSON.stringify(endpoint.varying)}, n))\nend\n`
    }
    return `${FILL}local n = ${start}\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", fill(${JSON.stringify(endpoint.varying)}, n))\nend\n`
  }
  if (endpoint.method === 'POST') {
    return `wrk.method = "POST"\nwrk.headers["content-type"] = "application/json"\nwrk.body = ${JSON.stringify(endpoint.body ?? '')}\n`
  }
  return null
}

function parseWrk(output: string): WrkResult {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0)
  const text = (pattern: RegExp) => pattern.exec(output)?.[1] ?? '?'
  const p99 = text(/\n\s+99%\s+(\S+)/)
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50: text(/\n\s+50%\s+(\S+)/),
    p99,
    p99Ms: milliseconds(p99),
    errors:
      number(/Non-2xx or 3xx responses:\s+(\d+)/) +
      [...output.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      ),
    requests: number(/(\d+) requests in/),
  }
}

function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text)
  if (match === null) return Number.NaN
  const value = Number(match[1])
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value
}
