/**
 * The target of a readiness question from `NAME` and `VERSION` (docs/api.md, "Readiness"): a
 * runtime (`nodejs` or `node`, `python`) or a package the file holds (npm name; PyPI name,
 * PEP 503 normalised). Anything else is refused with the nearest names; so is a version that
 * is none in the target's ecosystem.
 */

import semver from 'semver'
import { nearestNames } from '../names/nearest-names.ts'
import { normalizePypiName } from '../names/normalize-pypi-name.ts'
import type { Ecosystem } from './declarations.ts'
import { parsePythonVersion } from './parse-python-version.ts'
import type { ReadinessTarget } from './readiness-target.ts'

/** Each runtime by the names people give it, with the ecosystem whose packages declare it. */
const RUNTIMES: Readonly<
  Record<string, { readonly project: string; readonly ecosystem: Ecosystem }>
> = {
  nodejs: { project: 'nodejs', ecosystem: 'npm' },
  node: { project: 'nodejs', ecosystem: 'npm' },
  'node.js': { project: 'nodejs', ecosystem: 'npm' },
  python: { project: 'python', ecosystem: 'pypi' },
  python3: { project: 'python', ecosystem: 'pypi' },
  cpython: { project: 'python', ecosystem: 'pypi' },
}

export interface TargetChoices {
  /** The npm names of the file's packages. */
  readonly npm: ReadonlySet<string>
  /** The PEP 503 names of the file's PyPI packages. */
  readonly pypi: ReadonlySet<string>
  /** The catalogued project of a runtime or package, if any. */
  readonly projectOf: (ecosystem: Ecosystem, name: string) => string | null
}

export type ResolvedTarget =
  | { readonly target: ReadinessTarget }
  | {
      readonly error: {
        readonly field: 'name' | 'version'
        readonly reason: string
        readonly nearest: readonly string[]
      }
    }

/**
 * @example resolveReadinessTarget('node', '24', choices).target.judged // '24.0.0'
 * @example resolveReadinessTarget('raect', '19.0.0', choices).error.nearest // ['react']
 */
export function resolveReadinessTarget(
  name: string,
  version: string,
  choices: TargetChoices,
): ResolvedTarget {
  const key = name.trim().toLowerCase()
  // `constructor` and its kind are no runtime, whatever an object inherits.
  const runtime = Object.hasOwn(RUNTIMES, key) ? RUNTIMES[key] : undefined
  const pypiName = normalizePypiName(name.trim())
  const found: Omit<ReadinessTarget, 'judged' | 'version' | 'name'> | null =
    runtime !== undefined
      ? {
          ecosystem: runtime.ecosystem,
          kind: 'runtime',
          packageName: null,
          project: choices.projectOf(runtime.ecosystem, runtime.project),
        }
      : choices.npm.has(name)
        ? {
            ecosystem: 'npm',
            kind: 'package',
            packageName: name,
            project: choices.projectOf('npm', name),
          }
        : choices.pypi.has(pypiName)
          ? {
              ecosystem: 'pypi',
              kind: 'package',
              packageName: pypiName,
              project: choices.projectOf('pypi', pypiName),
            }
          : null
  if (found === null) {
    const known = ['nodejs', 'python', ...choices.npm, ...choices.pypi]
    return {
      error: {
        field: 'name',
        reason: `'${name}' is neither a runtime (nodejs, python) nor a package of the file`,
        nearest: nearestNames(name, known),
      },
    }
  }
  const judged = judgedVersion(found.ecosystem, version)
  if (judged === null) {
    return {
      error: {
        field: 'version',
        reason: `'${version}' is not ${found.ecosystem === 'npm' ? 'a semver version (such as 24, 24.11 or 24.11.1)' : 'a PEP 440 version (such as 3.13 or 3.13.1)'}`,
        nearest: [],
      },
    }
  }
  return { target: { name, version, ...found, judged } }
}

/** npm: `24` and `24.11` read as 24.0.0 and 24.11.0; PyPI: as written. Null when none. */
function judgedVersion(ecosystem: Ecosystem, version: string): string | null {
  const text = version.trim()
  if (ecosystem === 'pypi') return parsePythonVersion(text) === null ? null : text
  const partial = /^v?(\d{1,15})(?:\.(\d{1,15}))?$/.exec(text)
  if (partial !== null) return `${partial[1]}.${partial[2] ?? '0'}.0`
  return semver.valid(text)
}
