/**
 * Where PyPI's JSON API is (under it, `<project>/json` answers): COMPAT_PYPI_URL, else as pip
 * itself is configured — PIP_INDEX_URL or `pip config get global.index-url` (a `…/simple`
 * index has its JSON API at `…/pypi`), else pip's own default index. No index address is
 * written here.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { UpstreamError } from './fetch-upstream.ts'

let askedPip: Promise<string | null> | null = null

/** The JSON API's root, without a trailing slash. */
export async function pypiJsonApi(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.COMPAT_PYPI_URL) return env.COMPAT_PYPI_URL.replace(/\/+$/, '')
  if (env.PIP_INDEX_URL) return jsonApiOf(env.PIP_INDEX_URL)
  askedPip ??= askPip()
  const index = await askedPip
  if (index) return jsonApiOf(index)
  askedPip = null
  throw new UpstreamError(
    'cannot tell where PyPI is: pip is not installed or names no index; set COMPAT_PYPI_URL to a PyPI JSON API',
  )
}

// A `…/simple` index has its JSON API beside it, at `…/pypi`.
function jsonApiOf(index: string): string {
  return index.replace(/\/+$/, '').replace(/\/simple$/, '/pypi')
}

/** The JSON API's answer for one project: `<api>/<project>/json`. */
export function pypiProjectUrl(jsonApi: string, project: string): string {
  return `${jsonApi}/${encodeURIComponent(project)}/json`
}

async function askPip(): Promise<string | null> {
  const python = async (args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)('python3', args, { timeout: 15_000 })
      return stdout.trim() || null
    } catch {
      return null
    }
  }
  return (
    (await python(['-m', 'pip', 'config', 'get', 'global.index-url'])) ??
    // pip's default index, as pip itself names it.
    (await python(['-c', 'from pip._internal.models.index import PyPI; print(PyPI.simple_url)']))
  )
}
