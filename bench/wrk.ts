/** Runs wrk pinned to the load core and reads its summary. */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Endpoint } from './servers.ts'

export interface WrkResult {
  readonly requestsPerSecond: number
  readonly p50: string
  readonly p99: string
  /** Non-2xx answers plus socket errors: a result with errors measured something else. */
  readonly errors: number
}

export function runWrk(options: {
  base: string
  endpoint: Endpoint
  duration: number
  connections: number
  core: string
  work: string
  nginx?: boolean
}): WrkResult {
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
  if (endpoint.method === 'POST') {
    const script = join(options.work, 'post.lua')
    writeFileSync(
      script,
      `wrk.method = "POST"\nwrk.headers["content-type"] = "application/json"\nwrk.body = ${JSON.stringify(endpoint.body ?? '')}\n`,
    )
    args.push('-s', script)
  } else if (endpoint.varyingPath !== undefined) {
    const script = join(options.work, 'varying.lua')
    writeFileSync(
      script,
      `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", ${JSON.stringify(endpoint.varyingPath)} .. n)\nend\n`,
    )
    args.push('-s', script)
  }
  const path =
    options.nginx && endpoint.nginxPath !== undefined ? endpoint.nginxPath : endpoint.path
  args.push(`${options.base}${path}`)
  const output = execFileSync('taskset', args, { encoding: 'utf8' })
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0)
  const text = (pattern: RegExp) => pattern.exec(output)?.[1] ?? '?'
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50: text(/\n\s+50%\s+(\S+)/),
    p99: text(/\n\s+99%\s+(\S+)/),
    errors: number(/Non-2xx or 3xx responses:\s+(\d+)/) + number(/Socket errors:.*?(\d+)/),
  }
}
