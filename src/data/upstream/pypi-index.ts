/**
 * Where PyPI's JSON API is: COMPAT_PYPI_URL (the JSON API's root, under which
 * `<project>/json` answers), else derived from pip's own configuration (PIP_INDEX_URL, or
 * `pip config get global.index-url`: a `…/simple` index has its JSON API at `…/pypi`). When
 * neither is set, pip's own default index is asked through pip (`pip index versions`). No
 * index address is written here.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { UpstreamError } from './fetch-upstream.ts'

export type PypiSource = { readonly jsonApi: string } | { readonly pip: true }

export async function pypiSource(env: NodeJS.ProcessEnv = process.env): Promise<PypiSource> {
  if (env.COMPAT_PYPI_URL) return { jsonApi: env.COMPAT_PYPI_URL.replace(/\/+$/, '') }
  const index = env.PIP_INDEX_URL || (await pipConfig('global.index-url'))
  if (index) return { jsonApi: index.replace(/\/+$/, '').replace(/\/simple$/, '/pypi') }
  return { pip: true }
}

async function pipConfig(name: string): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)('python3', ['-m', 'pip', 'config', 'get', name], {
      timeout: 15_000,
    })
    return stdout.trim() || null
  } catch {
    return null
  }
}

/** A project's versions as pip lists them from its configured index (finals only). */
export async function pipVersions(project: string): Promise<string[]> {
  try {
    const { stdout } = await promisify(execFile)(
      'python3',
      ['-m', 'pip', 'index', 'versions', project, '--disable-pip-version-check'],
      { timeout: 60_000 },
    )
    const listed = /Available versions:\s*(.*)/.exec(stdout)?.[1]
    if (listed === undefined) throw new Error('pip listed no versions')
    return listed.split(',').map((version) => version.trim())
  } catch (error) {
    throw new UpstreamError(
      `pip could not list the versions of ${project} (${(error as Error).message.split('\n')[0]}); set COMPAT_PYPI_URL to a PyPI JSON API`,
    )
  }
}
