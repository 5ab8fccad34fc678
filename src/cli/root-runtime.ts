/**
 * The Node.js a JavaScript project runs on, from the files beside its lockfile (docs/cli.md,
 * "Stacks from files"): `.nvmrc`, else `.node-version` (a version, `v` or not; an alias such as
 * `lts/iron` names none), else the lowest version the root's `engines.node` admits. It joins
 * the lockfile's stack as the component `nodejs`, so that what the catalogue says of the
 * project's packages and Node is judged.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import semver from 'semver'
import type { StackFile } from '../data/stack-files/stack-file.ts'
import type { FromFile } from './read-from-files.ts'

const NODE_LOCKFILES: ReadonlySet<string> = new Set(['package-lock', 'pnpm-lock'])
const VERSION_FILES = ['.nvmrc', '.node-version'] as const
const NODE_NAMES = new Set(['node', 'nodejs'])

/** Each npm lockfile's stack with its runtime added, when one is told and the stack has none. */
export async function withRootRuntime(files: readonly FromFile[]): Promise<FromFile[]> {
  return Promise.all(
    files.map(async (file) => {
      const { stack } = file
      if (!NODE_LOCKFILES.has(stack.format)) return file
      if (stack.components.some((component) => NODE_NAMES.has(component.name))) return file
      const runtime = (await versionFile(dirname(file.path))) ?? fromEngines(stack)
      if (runtime === null) return file
      const component = { name: 'nodejs', version: runtime.version, location: runtime.location }
      return { ...file, stack: { ...stack, components: [...stack.components, component] } }
    }),
  )
}

interface Runtime {
  readonly version: string
  readonly location: string
}

async function versionFile(dir: string): Promise<Runtime | null> {
  for (const name of VERSION_FILES) {
    let text: string
    try {
      text = await readFile(join(dir, name), 'utf8')
    } catch {
      continue
    }
    const written = text.split('\n')[0]?.trim() ?? ''
    const version = /^v?(\d+(?:\.\d+){0,2})$/.exec(written)?.[1]
    if (version !== undefined) return { version, location: `${name} beside the file` }
  }
  return null
}

/** The lowest version `engines.node` admits: the oldest Node the project says it runs on. */
function fromEngines(stack: StackFile): Runtime | null {
  const engines = stack.rootDeclarations?.engines as { node?: unknown } | undefined
  const range = engines?.node
  if (typeof range !== 'string') return null
  let lowest: semver.SemVer | null = null
  try {
    lowest = semver.minVersion(range)
  } catch {
    return null
  }
  if (lowest === null) return null
  return {
    version: lowest.version,
    location: `/packages//engines/node (${range}: the lowest version it admits)`,
  }
}
