/** The real server as `npm start` runs it (dist/server.js), in a child process on a free port. */
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureBuilt } from '../../scripts/build-if-stale.mjs'
import { waitUntil } from './wait-until.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface SpawnedServer {
  readonly child: ChildProcess
  /** Everything the server wrote, stdout and stderr. */
  output(): string
  /** Where the output ends now: pass it to `logged` to wait for what comes after. */
  outputLength(): number
  /**
   * Resolves with the match once the output from `from` on matches `pattern`, as soon as the
   * server writes it; rejects if the server ends first (or, as a guard against hanging, when
   * nothing matches within `guardMs`).
   */
  logged(pattern: RegExp, from?: number, guardMs?: number): Promise<RegExpExecArray>
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
  // 'close' comes after the last output, once the process has ended.
  let closed = false
  child.once('close', () => {
    closed = true
  })
  const logged = (pattern: RegExp, from = 0, guardMs = 60_000): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const settle = (): void => {
        const match = pattern.exec(output.slice(from))
        if (match !== null) {
          stopListening()
          resolve(match)
        } else if (closed) {
          stopListening()
          reject(new Error(`the server ended without logging ${pattern}: ${output}`))
        }
      }
      const guard = setTimeout(() => {
        stopListening()
        reject(new Error(`the server did not log ${pattern} in ${guardMs} ms: ${output}`))
      }, guardMs)
      const stopListening = (): void => {
        clearTimeout(guard)
        child.stdout?.off('data', settle)
        child.stderr?.off('data', settle)
        child.off('close', settle)
      }
      // After the listeners above that collect the output.
      child.stdout?.on('data', settle)
      child.stderr?.on('data', settle)
      child.once('close', settle)
      settle()
    })
  return {
    child,
    output: () => output,
    outputLength: () => output.length,
    logged,
    exited: () => exited,
    async url() {
      const match = await logged(/"Server listening at (https?:\/\/127\.0\.0\.1:\d+)"/)
      return match[1] as string
    },
  }
}

/** Whether `condition` comes to hold within `attempts` checks 50 ms apart (see waitUntil). */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  attempts = 100,
): Promise<boolean> {
  return waitUntil('the condition', condition, Boolean, { attempts }).then(
    () => true,
    () => false,
  )
}
