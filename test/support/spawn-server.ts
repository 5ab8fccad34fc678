/** The real server as `npm start` runs it (dist/server.js), in a child process on a free port. */
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureBuilt } from '../../scripts/build-if-stale.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface SpawnedServer {
  readonly child: ChildProcess
  output(): string
  url(): Promise<string>
  exited(): Promise<number | null>
}

export function spawnServer(env: Record<string, string>): SpawnedServer {
  // `npm test` has built dist/ already; a test file run on its own builds it here if stale.
  if (!ensureBuilt()) throw new Error('cannot build dist/ for the server')
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  return {
    child,
    output: () => output,
    exited: () => exited,
    async url() {
      for (let attempt = 0; attempt < 300; attempt++) {
        const match = /"Server listening at (https?:\/\/127\.0\.0\.1:\d+)"/.exec(output)
        if (match) return match[1] as string
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`server did not start: ${output}`)
    },
  }
}

/** Polls until `condition` holds, at most `attempts` × 50 ms. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  attempts = 100,
): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}
