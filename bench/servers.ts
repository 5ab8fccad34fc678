/** Starting the service and nginx pinned to a core, for the benchmark. */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The node flags of `npm start` (package.json), so that the service runs as it would there. */
const START_FLAGS: readonly string[] = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(' ')
  .filter((word) => word.startsWith('--'))

export interface Endpoint {
  name: string
  method: 'GET' | 'POST'
  /** Path and query sent to both servers. */
  path: string
  /** Where nginx answers it, when that must differ (GET and POST share a path in the API). */
  nginxPath?: string
  /** Where nginx finds the same bytes, below its root. */
  staticPath: string
  body?: string
  /**
   * When set, every request is new: a GET path, or a POST body, with `%d` standing for the
   * request counter (no cached answer can apply).
   */
  varying?: string
  /** When set, requests taken in turn from this list (`%d` as above): a mixed load. */
  mix?: readonly { method: 'GET' | 'POST'; path: string; body?: string }[]
  target: number
  bytes: number
}

export interface StartedServer {
  readonly url: string
  /** Milliseconds from spawn until /readyz answered 200 (the service only). */
  readonly readyMs: number
  rssBytes(): number
  stop(): Promise<void>
}

export async function startService(options: {
  dataDir: string
  port: number
  core: string
  /** Extra node flags (a larger heap for the largest datasets). */
  nodeFlags?: readonly string[]
  /** COMPAT_WORKERS; one process when absent. */
  workers?: number
  /** COMPAT_PARSE_CACHE_DIR; no parse cache when absent. */
  cacheDir?: string
  /** COMPAT_TIERS_OFF: tiers switched off to measure them; every tier on when absent. */
  tiersOff?: string
}): Promise<StartedServer & { readonly pid: number }> {
  const started = Date.now()
  const child = spawn(
    'taskset',
    // As `npm start` runs it: the compiled build.
    [
      '-c',
      options.core,
      process.execPath,
      ...START_FLAGS,
      ...(options.nodeFlags ?? []),
      // npm start's own script: the compile cache on, as it is there.
      'scripts/start.mjs',
    ],
    {
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        COMPAT_DATA_DIR: options.dataDir,
        LOG_LEVEL: 'warn',
        COMPAT_WORKERS: String(options.workers ?? 1),
        COMPAT_PARSE_CACHE_DIR: options.cacheDir ?? 'off',
        COMPAT_TIERS_OFF: options.tiersOff ?? '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  const url = `http://127.0.0.1:${options.port}`
  await waitFor(`${url}/readyz`, child)
  return {
    url,
    pid: child.pid as number,
    readyMs: Date.now() - started,
    rssBytes: () => rssOf(child),
    stop: () => stop(child),
  }
}

export async function startNginx(options: {
  root: string
  endpoints: readonly Endpoint[]
  port: number
  core: string
  work: string
  /** worker_processes; 1 when absent. */
  workers?: number
}): Promise<StartedServer> {
  // One location per path: endpoints that differ only in their query share it.
  const locations = new Map<string, string>()
  for (const endpoint of options.endpoints) {
    const path = (endpoint.nginxPath ?? endpoint.path).split('?')[0] as string
    // nginx refuses POST to a static file with 405; error_page re-serves the file as GET.
    const post = endpoint.method === 'POST' ? 'error_page 405 =200 $uri;' : ''
    if (!locations.has(path)) {
      locations.set(path, `location = ${path} { ${post} try_files /${endpoint.staticPath} =404; }`)
    }
  }
  const config = `worker_processes ${options.workers ?? 1};
daemon off;
pid ${join(options.work, 'nginx.pid')};
error_log ${join(options.work, 'nginx-error.log')};
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  open_file_cache max=100 inactive=60s;
  open_file_cache_valid 60s;
  default_type application/json;
  client_body_temp_path ${options.work};
  server {
    listen 127.0.0.1:${options.port};
    root ${options.root};
    ${[...locations.values()].join('\n    ')}
  }
}
`
  const file = join(options.work, 'nginx.conf')
  await writeFile(file, config)
  const child = spawn('taskset', ['-c', options.core, 'nginx', '-c', file], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${options.port}`
  const first = options.endpoints[0]
  await waitFor(`${url}${first?.path ?? '/'}`, child)
  return { url, readyMs: 0, rssBytes: () => rssOf(child), stop: () => stop(child) }
}

export async function fetchBody(base: string, endpoint: Endpoint): Promise<Buffer> {
  const response = await fetch(`${base}${endpoint.path}`, {
    method: endpoint.method,
    headers: endpoint.body === undefined ? {} : { 'content-type': 'application/json' },
    body: endpoint.body,
  })
  if (response.status !== 200) throw new Error(`${endpoint.name}: status ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 4800; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${url} did not answer in 120 s`)
}

/** Resident memory of the process behind taskset (taskset execs, so the pid is the server's). */
function rssOf(child: ChildProcess): number {
  return rssOfPid(child.pid as number)
}

export function rssOfPid(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
  return Number(kilobytes ?? 0) * 1024
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 5000).unref()
  })
}

/** A bare `node:http` server writing fixed bytes with the same headers: the runtime's ceiling. */
export async function startBareNode(options: {
  body: Buffer
  headers: Record<string, string>
  port: number
  core: string
  work: string
}): Promise<StartedServer> {
  const bodyFile = join(options.work, 'bare-body.bin')
  await writeFile(bodyFile, options.body)
  const script = join(options.work, 'bare-node.mjs')
  await writeFile(
    script,
    `import { createServer } from 'node:http'\nimport { readFileSync } from 'node:fs'\nconst body = readFileSync(${JSON.stringify(bodyFile)})\nconst headers = ${JSON.stringify({ ...options.headers, 'content-length': String(options.body.length) })}\ncreateServer((request, response) => { response.writeHead(200, headers); response.end(body) }).listen(${options.port}, '127.0.0.1')\n`,
  )
  const child = spawn('taskset', ['-c', options.core, process.execPath, script], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://127.0.0.1:${options.port}`
  await waitFor(`${url}/`, child)
  return { url, readyMs: 0, rssBytes: () => rssOf(child), stop: () => stop(child) }
}
