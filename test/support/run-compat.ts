/** Test helpers: the real `compat` binary as a subprocess, and `runCli` in-process with captured output. */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { CliContext } from '../../src/cli/cli-context.ts'
import { runCli } from '../../src/cli/run-cli.ts'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const COMPAT_BIN = fileURLToPath(new URL('../../bin/compat.js', import.meta.url))

export interface CompatRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

export interface RunOptions {
  readonly cwd?: string
  readonly env?: Readonly<Record<string, string>>
}

/** Settings a developer's shell may carry that would change what the commands do. */
const UNSET = [
  'COMPAT_DATA_DIR',
  'COMPAT_TODAY',
  'COMPAT_PYPI_URL',
  'GITHUB_API_URL',
  'GITHUB_TOKEN',
  'PORT',
  'HOST',
  'LOG_LEVEL',
  'NODE_TEST_CONTEXT',
]

/** The environment for a `compat` subprocess: this one's, without COMPAT_*, PORT, HOST, LOG_LEVEL. */
export function cleanEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of UNSET) delete env[name]
  return { ...env, ...extra }
}

/** `node bin/compat.js ...args`, from the repository root unless `cwd` says otherwise. */
export function runCompat(args: readonly string[], options: RunOptions = {}): Promise<CompatRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [COMPAT_BIN, ...args],
      { cwd: options.cwd ?? REPO_ROOT, env: cleanEnv(options.env), timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code !== 'number') {
          reject(error)
          return
        }
        resolve({ code: error === null ? 0 : (error.code as number), stdout, stderr })
      },
    )
  })
}

/** `runCli` in this process: for tables of cases where a subprocess each would be slow. */
export async function runCompatInProcess(
  args: readonly string[],
  options: RunOptions = {},
): Promise<CompatRun> {
  let stdout = ''
  let stderr = ''
  const context: CliContext = {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...options.env },
    out: (line) => {
      stdout += `${line}\n`
    },
    err: (line) => {
      stderr += `${line}\n`
    },
  }
  const code = await runCli(args, context)
  return { code, stdout, stderr }
}
