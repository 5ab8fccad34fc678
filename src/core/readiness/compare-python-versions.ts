/**
 * PEP 440's order of Python versions: epoch, release (shorter padded with zeros), then
 * development releases before pre-releases before the release before its post-releases;
 * a local version sorts after the same public version.
 */
import type { PythonVersion } from './parse-python-version.ts'

const PRE_ORDER = { a: 0, b: 1, rc: 2 } as const

/** Negative when a sorts before b, zero when PEP 440 calls them equal, positive after. */
export function comparePythonVersions(a: PythonVersion, b: PythonVersion): number {
  return (
    a.epoch - b.epoch ||
    compareRelease(a.release, b.release) ||
    compareStage(a, b) ||
    compareLocal(a.local, b.local)
  )
}

/** The comparison without local versions: `1.0+ubuntu` equals `1.0` here. */
export function comparePublicVersions(a: PythonVersion, b: PythonVersion): number {
  return a.epoch - b.epoch || compareRelease(a.release, b.release) || compareStage(a, b)
}

export function compareRelease(a: readonly number[], b: readonly number[]): number {
  const length = Math.max(a.length, b.length)
  for (let index = 0; index < length; index++) {
    const order = (a[index] ?? 0) - (b[index] ?? 0)
    if (order !== 0) return order
  }
  return 0
}

/** Pre, post and dev as `packaging` orders them. */
function compareStage(a: PythonVersion, b: PythonVersion): number {
  return (
    preKey(a) - preKey(b) ||
    (a.pre !== null && b.pre !== null ? a.pre.number - b.pre.number : 0) ||
    (a.post ?? -1) - (b.post ?? -1) ||
    (a.dev ?? Number.POSITIVE_INFINITY) - (b.dev ?? Number.POSITIVE_INFINITY) ||
    0
  )
}

/** A dev release of the release itself (`1.0.dev1`) sorts before its pre-releases. */
function preKey(version: PythonVersion): number {
  if (version.pre !== null) return PRE_ORDER[version.pre.kind]
  if (version.post === null && version.dev !== null) return -1
  return 3
}

function compareLocal(a: readonly string[], b: readonly string[]): number {
  const length = Math.max(a.length, b.length)
  for (let index = 0; index < length; index++) {
    const left = a[index]
    const right = b[index]
    if (left === undefined) return -1
    if (right === undefined) return 1
    const order = compareLocalSegment(left, right)
    if (order !== 0) return order
  }
  return 0
}

/** Numbers compare as numbers and sort after words. */
function compareLocalSegment(a: string, b: string): number {
  const numberA = /^\d+$/.test(a)
  const numberB = /^\d+$/.test(b)
  if (numberA && numberB) return Number(a) - Number(b)
  if (numberA !== numberB) return numberA ? 1 : -1
  return a < b ? -1 : a > b ? 1 : 0
}
