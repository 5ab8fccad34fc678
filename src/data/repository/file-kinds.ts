/**
 * Which files of a repository a scan reads, by their path, and with which reader (docs/cli.md,
 * "compat scan", lists each kind). Everything else is walked past unread.
 */
import type { RepositoryFileReader } from './file-reading.ts'
import { readChart } from './read-chart.ts'
import { readCompose } from './read-compose.ts'
import { readDockerfile } from './read-dockerfile.ts'
import { readGithubWorkflow } from './read-github-workflow.ts'
import { readGitlabCi } from './read-gitlab-ci.ts'
import { readMiseToml } from './read-mise-toml.ts'
import { readPackageJson } from './read-package-json.ts'
import { readPyproject } from './read-pyproject.ts'
import { readStackFilePins } from './read-stack-file-pins.ts'
import { readToolVersions } from './read-tool-versions.ts'
import { readNodeVersionFile, readPythonVersionFile, readRuntimeTxt } from './read-version-file.ts'

export interface FileKind {
  /** A name for people and tests: `dockerfile`, `compose`, … */
  readonly name: string
  readonly read: RepositoryFileReader
}

// [kind, reader, whether a path (relative, with /) is of the kind]
const KINDS: readonly (readonly [
  string,
  RepositoryFileReader,
  (path: string, base: string) => boolean,
])[] = [
  [
    'dockerfile',
    readDockerfile,
    (_, base) =>
      (/^(dockerfile|containerfile)([.-][^/]*)?$/i.test(base) ||
        /\.(dockerfile|containerfile)$/i.test(base)) &&
      !/\.dockerignore$/i.test(base),
  ],
  ['compose', readCompose, (_, base) => /^(docker-)?compose([.-][\w.-]+)?\.ya?ml$/i.test(base)],
  ['nvmrc', readNodeVersionFile, (_, base) => base === '.nvmrc' || base === '.node-version'],
  ['python-version', readPythonVersionFile, (_, base) => base === '.python-version'],
  ['runtime-txt', readRuntimeTxt, (_, base) => base === 'runtime.txt'],
  ['tool-versions', readToolVersions, (_, base) => base === '.tool-versions'],
  [
    'mise',
    readMiseToml,
    (path, base) =>
      /^\.?mise(\.local)?\.toml$/.test(base) ||
      /(^|\/)(\.config\/mise|\.mise|mise)\/config\.toml$/.test(path),
  ],
  ['package-json', readPackageJson, (_, base) => base === 'package.json'],
  ['pyproject', readPyproject, (_, base) => base === 'pyproject.toml'],
  [
    'github-workflow',
    readGithubWorkflow,
    (path) => /(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/.test(path),
  ],
  ['gitlab-ci', readGitlabCi, (_, base) => /(^|\.)gitlab-ci\.ya?ml$/.test(base)],
  ['chart', readChart, (_, base) => base === 'Chart.yaml'],
  [
    'lockfile',
    readStackFilePins,
    (path, base) =>
      base === 'package-lock.json' ||
      base === 'npm-shrinkwrap.json' ||
      base === 'pnpm-lock.yaml' ||
      base === 'poetry.lock' ||
      base === 'uv.lock' ||
      /^pylock(\.[\w-]+)?\.toml$/.test(base) ||
      /^requirements([-_.][\w.-]*)?\.txt$/i.test(base) ||
      /(^|\/)requirements\/[^/]+\.txt$/i.test(path) ||
      /\.(cdx|spdx)\.json$/i.test(base) ||
      /^s?bom(\.[\w-]+)?\.json$/i.test(base),
  ],
]

/** Every name a kind reads: a dotfile, a Dockerfile or Containerfile, or JSON, a lock, TOML, text, YAML. */
const MAYBE_READ = /^\.|dockerfile|containerfile|\.(?:json|lock|toml|txt|ya?ml)$/i

/**
 * @param path relative to the scanned folder, with `/`
 * @example fileKindOf('services/api/Dockerfile.prod')?.name // 'dockerfile'
 */
export function fileKindOf(path: string): FileKind | null {
  const base = path.slice(path.lastIndexOf('/') + 1)
  // Most of a repository is source code: one test turns it away before the kinds are tried.
  if (!MAYBE_READ.test(base)) return null
  for (const [name, read, matches] of KINDS) {
    if (matches(path, base)) return { name, read }
  }
  return null
}

/** The names of the kinds, in the order docs/cli.md lists them. */
export const FILE_KIND_NAMES: readonly string[] = KINDS.map(([name]) => name)
