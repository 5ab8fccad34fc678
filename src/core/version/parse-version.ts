/** Parses a version string by the grammar in `grammar.md`; never throws on request input. */

/** Pre-release stages in ascending order; the final release ranks above all of them. */
export const STAGE_RANK = { dev: 0, alpha: 1, beta: 2, rc: 3 } as const
export const RELEASE_RANK = 4

export type Stage = keyof typeof STAGE_RANK

export interface PreRelease {
  readonly stage: Stage
  readonly numbers: readonly bigint[]
}

export interface Version {
  /** The string as given. */
  readonly raw: string
  /** Release parts, as written (trailing zeros kept: series matching needs them). */
  readonly release: readonly bigint[]
  readonly pre: PreRelease | null
  /** Post-release number, or null for none. */
  readonly post: bigint | null
  /** `-alpine`, `-MariaDB`, …: ignored by the ordering. */
  readonly flavor: string | null
  /** `+build` metadata: ignored by the ordering. */
  readonly build: string | null
}

const STAGE_OF_TAG: Readonly<Record<string, Stage>> = {
  dev: 'dev',
  a: 'alpha',
  alpha: 'alpha',
  b: 'beta',
  beta: 'beta',
  c: 'rc',
  rc: 'rc',
  pre: 'rc',
  preview: 'rc',
}

// Longer tags first so that `alpha` is not read as `a` + `lpha`.
const VERSION_PATTERN =
  /^v?(\d+(?:\.\d+)*)(?:[-._]?(preview|alpha|beta|dev|pre|rc|a|b|c)[-._]?(\d+(?:\.\d+)*)?)?(?:[-._]?(post|rev|r)[-._]?(\d+)?|-(\d+))?(?:-([^+]+))?(?:\+(.+))?$/i

// Beyond any real version; keeps a hostile request from costing BigInt work on megabytes.
const MAX_VERSION_LENGTH = 256

/**
 * Read-only by its type, not frozen: freezing a new object takes the engine's slow path (a
 * map transition in the runtime), which was a third of what parsing a version cost.
 *
 * Not cached: a repeated check is answered from the answer cache without parsing anything,
 * and a cache of versions that live on would only give the garbage collector old objects to
 * trace.
 *
 * @example parseVersion('16.4-alpine') // release [16n, 4n], flavor 'alpine'
 * @example parseVersion('latest') // null: outside the grammar
 */
export function parseVersion(raw: string): Version | null {
  if (raw.length > MAX_VERSION_LENGTH) return null
  const plain = parsePlainRelease(raw)
  if (plain !== undefined) return plain
  const match = VERSION_PATTERN.exec(raw)
  if (match === null) return null
  const [, release, tag, preNumbers, postTag, postNumber, dashPost, flavor, build] = match
  return {
    raw,
    release: splitNumbers(release as string),
    pre:
      tag === undefined
        ? null
        : {
            stage: STAGE_OF_TAG[tag.toLowerCase()] as Stage,
            numbers: preNumbers === undefined ? [] : splitNumbers(preNumbers),
          },
    post:
      dashPost !== undefined
        ? BigInt(dashPost)
        : postTag !== undefined
          ? BigInt(postNumber ?? '0')
          : null,
    flavor: flavor ?? null,
    build: build ?? null,
  }
}

function splitNumbers(dotted: string): bigint[] {
  return dotted.split('.').map((part) => BigInt(part))
}

// Beyond 15 digits a part could leave the range where a double counts exactly.
const MAX_PLAIN_PART_DIGITS = 15

/**
 * The most common form, a bare release such as `3.12.4`, read without the pattern: requests
 * mostly send it, and the pattern with its BigInt parsing of each part is most of what a new
 * check costs. Undefined for anything else, which the pattern reads (or rejects).
 */
function parsePlainRelease(raw: string): Version | undefined {
  const release: bigint[] = []
  let part = 0
  let digits = 0
  for (let index = 0; index < raw.length; index++) {
    const code = raw.charCodeAt(index)
    if (code >= 48 && code <= 57) {
      if (++digits > MAX_PLAIN_PART_DIGITS) return undefined
      part = part * 10 + (code - 48)
    } else if (code === 46 && digits > 0) {
      release.push(bigintOf(part))
      part = 0
      digits = 0
    } else {
      return undefined
    }
  }
  if (digits === 0) return undefined
  release.push(bigintOf(part))
  return { raw, release, pre: null, post: null, flavor: null, build: null }
}

// Each BigInt is an object of its own on the heap, and release parts are nearly all small:
// sharing those keeps millions of entries' versions from holding one per part, and spares a
// parsed request the allocation. BigInts are immutable, so sharing is invisible.
const SHARED_BIGINTS = Array.from({ length: 1024 }, (_, value) => BigInt(value))

function bigintOf(value: number): bigint {
  return value < SHARED_BIGINTS.length ? (SHARED_BIGINTS[value] as bigint) : BigInt(value)
}
