/**
 * One endoflife.date product file (`products/<slug>.md`): Markdown whose YAML front matter,
 * between two `---` lines, holds the product's names, identifiers and release cycles. Only the
 * fields `compat import endoflife` uses are read; every fault in them is collected, located at
 * its line and column in the file. A file with any fault is not read at all: it is not a
 * product file this importer understands, and guessing at one would put wrong dates in the data.
 */
import { isScalar, LineCounter, parseDocument, visit } from 'yaml'
import { type Fault, formatPath } from '../../core/dataset/fault.ts'
import { DATE_PATTERN } from '../../core/dataset/schema.ts'
import { isJsonObject } from '../../core/json/is-json-object.ts'
import { type Locate, locator } from '../locate-path.ts'
import { MAX_ALIAS_COUNT } from '../located-fault.ts'

/** An end of support as endoflife.date writes it: a date, or true (ended) / false (not ended). */
export type EndoflifeEnd = string | boolean

export interface EndoflifeRelease {
  /** `releaseCycle`, as written (a number YAML would read keeps its digits: `1.10`). */
  readonly releaseCycle: string
  readonly releaseDate: string
  readonly eoas?: EndoflifeEnd
  readonly eol?: EndoflifeEnd
  readonly eoes?: EndoflifeEnd
  /** true, false, or the date the cycle became (or becomes) LTS. */
  readonly lts?: EndoflifeEnd
  readonly latest?: string
}

/** One `identifiers` item: its one key (purl, cpe, repology, …) and value. */
export interface EndoflifeIdentifier {
  readonly kind: string
  readonly value: string
}

export interface EndoflifeProduct {
  /** The file name without `.md`: the product's id at endoflife.date. */
  readonly slug: string
  /** `permalink` and `alternate_urls` without their leading `/`, as written. */
  readonly permalink: string
  readonly alternateUrls: readonly string[]
  readonly identifiers: readonly EndoflifeIdentifier[]
  readonly releases: readonly EndoflifeRelease[]
  /** Line and column in the file of the front matter value at a path (`['releases', 2, 'eol']`). */
  readonly locate: Locate
}

/** A fault of a product file, where its maintainer finds it. */
export interface ProductFault extends Fault {
  readonly line: number
  readonly column: number
}

export type ReadProduct =
  | { readonly ok: true; readonly product: EndoflifeProduct }
  | { readonly ok: false; readonly faults: readonly ProductFault[] }

const OPENING = /^---[ \t]*\r?\n/
const CLOSING = /^(?:---|\.\.\.)[ \t]*\r?$/m
const DATE = new RegExp(DATE_PATTERN)
const URL_PATH = /^\/\S+$/
const END_FIELDS = ['eoas', 'eol', 'eoes', 'lts'] as const

/**
 * @example readEndoflifeProduct('---\npermalink: /demo\nreleases: []\n---\n', 'demo').ok // false
 */
export function readEndoflifeProduct(text: string, slug: string): ReadProduct {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const opening = OPENING.exec(body)
  if (opening === null) {
    return fail(1, 1, 'it has no YAML front matter: the first line of a product file is "---"')
  }
  const rest = body.slice(opening[0].length)
  const closing = CLOSING.exec(rest)
  if (closing === null) return fail(1, 1, 'its front matter has no closing "---" line')
  const frontMatter = rest.slice(0, closing.index)
  // Positions inside the front matter are one line below the opening `---`.
  const toFile = ({ line, column }: { line: number; column: number }) => ({
    line: line + 1,
    column,
  })

  const lineCounter = new LineCounter()
  const document = parseDocument(frontMatter, {
    lineCounter,
    uniqueKeys: true,
    prettyErrors: false,
  })
  if (document.errors.length > 0) {
    return {
      ok: false,
      faults: document.errors.map((error) => {
        const { line, col } = lineCounter.linePos(error.pos[0])
        const message = `its front matter is not YAML: ${error.message.split('\n')[0]}`
        return { ...toFile({ line, column: col }), path: [], message }
      }),
    }
  }
  // A cycle or a version YAML would read as a number (1.10) is meant as written.
  visit(document, {
    Scalar(_key, node) {
      if (isScalar(node) && typeof node.value === 'number' && node.source !== undefined) {
        node.value = node.source
      }
    },
  })
  let data: unknown
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
  } catch (error) {
    return fail(2, 1, `its front matter cannot be read: ${(error as Error).message}`)
  }

  const locateInFrontMatter = locator(frontMatter)
  const locate: Locate = (path) => toFile(locateInFrontMatter(path))
  const faults: Fault[] = []
  const product = readFrontMatter(data, slug, faults)
  if (faults.length > 0 || product === null) {
    return {
      ok: false,
      faults: faults.map((fault) => ({ ...locate(fault.path), ...fault })),
    }
  }
  return { ok: true, product: { ...product, locate } }
}

function fail(line: number, column: number, message: string): ReadProduct {
  return { ok: false, faults: [{ line, column, path: [], message }] }
}

function readFrontMatter(
  data: unknown,
  slug: string,
  faults: Fault[],
): Omit<EndoflifeProduct, 'locate'> | null {
  if (!isJsonObject(data)) {
    faults.push({ path: [], message: 'its front matter is not a map of fields' })
    return null
  }
  const permalink = urlPath(data.permalink, ['permalink'], faults)
  const alternateUrls = listOf(
    data.alternate_urls,
    ['alternate_urls'],
    faults,
    false,
    (item, path) => urlPath(item, path, faults),
  )
  const identifiers = listOf(data.identifiers, ['identifiers'], faults, false, (item, path) =>
    readIdentifier(item, path, faults),
  )
  const releases = listOf(data.releases, ['releases'], faults, true, (item, path) =>
    readRelease(item, path, faults),
  )
  if (Array.isArray(data.releases) && data.releases.length === 0) {
    faults.push({ path: ['releases'], message: 'releases lists no release cycle' })
  }
  const seen = new Map<string, number>()
  releases?.forEach((release, index) => {
    const first = seen.get(release.releaseCycle)
    if (first === undefined) seen.set(release.releaseCycle, index)
    else {
      faults.push({
        path: ['releases', index, 'releaseCycle'],
        message: `${formatPath(['releases', index, 'releaseCycle'])} "${release.releaseCycle}" is listed twice (first as ${formatPath(['releases', first])})`,
      })
    }
  })
  if (permalink === null || alternateUrls === null || identifiers === null || releases === null) {
    return null
  }
  return { slug, permalink, alternateUrls, identifiers, releases }
}

/**
 * A list field: null when it is at fault or missing but required; its items read one by one
 * (an item at fault is collected and left out of the list).
 */
function listOf<T>(
  value: unknown,
  path: readonly (string | number)[],
  faults: Fault[],
  required: boolean,
  read: (item: unknown, path: readonly (string | number)[]) => T | null,
): T[] | null {
  if (value === undefined || value === null) {
    if (!required) return []
    faults.push({ path, message: `${formatPath(path)} is missing: a product file lists it` })
    return null
  }
  if (!Array.isArray(value)) {
    faults.push({ path, message: `${formatPath(path)} must be a list, found ${describe(value)}` })
    return null
  }
  const items: T[] = []
  value.forEach((item, index) => {
    const itemRead = read(item, [...path, index])
    if (itemRead !== null) items.push(itemRead)
  })
  return items
}

/** `/kubernetes` → `kubernetes`. */
function urlPath(
  value: unknown,
  path: readonly (string | number)[],
  faults: Fault[],
): string | null {
  if (typeof value === 'string' && URL_PATH.test(value)) return value.slice(1)
  faults.push({
    path,
    message:
      value === undefined
        ? `${formatPath(path)} is missing: a product file names its page, such as /kubernetes`
        : `${formatPath(path)} must be a path such as /kubernetes, found ${describe(value)}`,
  })
  return null
}

function readIdentifier(
  value: unknown,
  path: readonly (string | number)[],
  faults: Fault[],
): EndoflifeIdentifier | null {
  const entries = isJsonObject(value) ? Object.entries(value) : []
  const [entry] = entries
  if (entries.length !== 1 || entry === undefined || typeof entry[1] !== 'string') {
    faults.push({
      path,
      message: `${formatPath(path)} must be one kind and its value, such as purl: pkg:npm/express; found ${describe(value)}`,
    })
    return null
  }
  return { kind: entry[0], value: entry[1] }
}

function readRelease(
  value: unknown,
  path: readonly (string | number)[],
  faults: Fault[],
): EndoflifeRelease | null {
  if (!isJsonObject(value)) {
    faults.push({
      path,
      message: `${formatPath(path)} must be a map of a release cycle's fields, found ${describe(value)}`,
    })
    return null
  }
  const before = faults.length
  const at = (field: string) => [...path, field]
  const cycle = value.releaseCycle
  if (typeof cycle !== 'string' || cycle.trim() === '') {
    faults.push({
      path: cycle === undefined ? path : at('releaseCycle'),
      message:
        cycle === undefined
          ? `${formatPath(path)} has no releaseCycle`
          : `${formatPath(at('releaseCycle'))} must be a name such as "1.34", found ${describe(cycle)}`,
    })
  }
  const releaseDate = value.releaseDate
  if (typeof releaseDate !== 'string' || !DATE.test(releaseDate)) {
    faults.push({
      path: releaseDate === undefined ? path : at('releaseDate'),
      message:
        releaseDate === undefined
          ? `${formatPath(path)} has no releaseDate`
          : `${formatPath(at('releaseDate'))} must be a date written YYYY-MM-DD, found ${describe(releaseDate)}`,
    })
  }
  const release: Record<string, unknown> = { releaseCycle: cycle, releaseDate }
  for (const field of END_FIELDS) {
    const end = value[field]
    if (end === undefined) continue
    if (typeof end === 'boolean' || (typeof end === 'string' && DATE.test(end))) {
      release[field] = end
    } else {
      faults.push({
        path: at(field),
        message: `${formatPath(at(field))} must be a date written YYYY-MM-DD, true or false; found ${describe(end)}`,
      })
    }
  }
  const latest = value.latest
  // Some files write `latest: ""` for a cycle whose newest release is not known: none.
  if (typeof latest === 'string') {
    if (latest.trim() !== '') release.latest = latest
  } else if (latest !== undefined && latest !== null) {
    faults.push({
      path: at('latest'),
      message: `${formatPath(at('latest'))} must be a version such as "1.34.11", found ${describe(latest)}`,
    })
  }
  return faults.length === before ? (release as unknown as EndoflifeRelease) : null
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value)
  return text.length <= 60 ? text : `${text.slice(0, 57)}…`
}
