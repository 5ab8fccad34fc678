/**
 * The npm and PyPI packages a file names, for readiness (docs/api.md, "Readiness"): a
 * lockfile's every package with what it records each declares; an SBOM's or a requirements
 * file's every component with a `pkg:npm` or `pkg:pypi` package URL, each version of a name
 * once, declaring nothing the file records (the registry tells). Other components (an image's
 * operating-system packages, `helm list` releases) are counted, not asked about.
 */

import { normalizePypiName } from '../../core/names/normalize-pypi-name.ts'
import { readPurl } from '../../core/purl/read-purl.ts'
import type { Ecosystem } from '../../core/readiness/declarations.ts'
import type { ReadinessPackage } from '../../core/readiness/evaluate-readiness.ts'
import type { LockRoot } from '../lockfiles/lockfile.ts'
import { lockfileFormatOf, readLockfile } from '../lockfiles/read-lockfile.ts'
import { type DetectOptions, detectStackFile } from '../stack-files/detect-stack-file.ts'
import type { StackFile, StackFileFault, StackFileFormat } from '../stack-files/stack-file.ts'

export interface EcosystemPackage extends ReadinessPackage {
  readonly ecosystem: Ecosystem
}

export interface PackagesOfFile {
  readonly format: StackFileFormat
  /** In file order. */
  readonly packages: readonly EcosystemPackage[]
  /** Components that are no npm or PyPI package. */
  readonly others: number
  /** A lockfile's own project, with what it declares. */
  readonly root: LockRoot | null
}

export type ReadPackagesOfFile =
  | { readonly ok: true; readonly file: PackagesOfFile }
  | {
      readonly ok: false
      readonly format: StackFileFormat | null
      readonly faults: readonly StackFileFault[]
    }

/** @example packagesOfFile(text, 'package-lock.json').file.packages.length */
export function packagesOfFile(
  text: string,
  name?: string,
  options: DetectOptions = {},
): ReadPackagesOfFile {
  if (lockfileFormatOf(text.replace(/^\uFEFF/, ''), name) !== null) {
    const read = readLockfile(text, name, { lines: false })
    if (!read.ok) return read
    const { lockfile } = read
    return {
      ok: true,
      file: {
        format: lockfile.format,
        packages: lockfile.packages.map(
          ({ name: packageName, version, location, declarations }) => ({
            name: lockfile.ecosystem === 'pypi' ? normalizePypiName(packageName) : packageName,
            version,
            location,
            ecosystem: lockfile.ecosystem,
            ...(declarations === undefined ? {} : { declarations }),
          }),
        ),
        others: 0,
        root: lockfile.root,
      },
    }
  }
  const read = detectStackFile(text, name, options)
  return read.ok ? { ok: true, file: packagesOfStack(read.stack) } : read
}

/** A stack file's npm and PyPI components as packages that declare nothing the file records. */
export function packagesOfStack(stack: StackFile): PackagesOfFile {
  const packages: EcosystemPackage[] = []
  let others = 0
  const take = (
    component: { readonly name: string; readonly purl?: string },
    version: string,
    location: string,
  ) => {
    const ecosystem = ecosystemName(component)
    if (ecosystem === null) others += 1
    else packages.push({ ...ecosystem, version, location })
  }
  for (const component of stack.components) take(component, component.version, component.location)
  // Every version of a name is a package of the tree: the others a stack sets aside count too.
  for (const duplicate of stack.duplicates) {
    const kept = stack.components.find((component) => component.name === duplicate.name)
    for (const other of duplicate.others) {
      take(
        { name: duplicate.name, ...(kept?.purl === undefined ? {} : { purl: kept.purl }) },
        other.version,
        other.location,
      )
    }
  }
  return { format: stack.format, packages, others, root: null }
}

/** The ecosystem and the name as it spells it, from the component's package URL. */
function ecosystemName(component: {
  readonly name: string
  readonly purl?: string
}): { readonly ecosystem: Ecosystem; readonly name: string } | null {
  if (component.purl === undefined) return null
  const read = readPurl(component.purl)
  if ('error' in read) return null
  const { type, namespace, name } = read.purl
  if (type === 'npm')
    return { ecosystem: 'npm', name: namespace === null ? name : `${namespace}/${name}` }
  if (type === 'pypi') return { ecosystem: 'pypi', name: normalizePypiName(name) }
  return null
}
