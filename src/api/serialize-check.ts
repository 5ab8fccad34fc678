/**
 * Check results as JSON bytes, assembled from cached fragments: an entry's notes and sources
 * never change while a dataset is served, so they are serialized once. The output is
 * byte-identical to the serializer compiled from the response schema (a property test holds
 * the two together), and the field order is the schema's.
 */
import type {
  CombinationCheckResult,
  DependencyCheck,
  SingleCheckResult,
} from '../core/check/check-result.ts'
import type { Source } from '../core/dataset/schema.ts'
import { isIndexLikeKey } from '../core/json/escape-free-json.ts'

// What JSON.stringify escapes in a string (quote, backslash, C0 controls, lone surrogates; any
// surrogate is sent its way). Ids, keys and versions rarely hold one, and without one the JSON
// text is the string between quotes: the test is cheaper than the engine's call.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/

function quote(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`
}

/**
 * A string built by concatenation is a tree of pieces until something flattens it; a fragment
 * kept and joined into many answers is flattened once here (number conversion flattens its
 * argument), so each join copies one piece instead of walking the tree again.
 */
function flat(text: string): string {
  ;(text as unknown as number) | 0
  return text
}

/**
 * An entry's notes and sources as JSON, and the verdicts written with them so far: a decided
 * entry answers every version in its range with the same verdict and evidence, and new
 * versions are what a gate asks most.
 */
interface Evidence {
  readonly notes: readonly string[]
  readonly sources: readonly Source[]
  readonly json: string
  /** The latest few: an entry can be matched compatible, incompatible or from a covering line. */
  readonly verdicts: VerdictFragment[]
}

// Keyed by the entry's notes array (or, when it has none, its sources array): every result of
// an entry shares them by reference. Both are compared, as the dataset shares empty and
// repeated lists between entries.
const evidenceFragments = new WeakMap<object, Evidence>()
/** Verdicts kept per evidence (and without evidence): a handful of shapes each. */
const MAX_VERDICTS_PER_EVIDENCE = 4

const NO_EVIDENCE = '"notes":[],"sources":[]'

/** The evidence fragment of these lists; null when both are empty. */
function evidenceOf(notes: readonly string[], sources: readonly Source[]): Evidence | null {
  if (notes.length === 0 && sources.length === 0) return null
  const key = notes.length > 0 ? notes : sources
  const cached = evidenceFragments.get(key)
  if (cached !== undefined && cached.notes === notes && cached.sources === sources) return cached
  const json = flat(
    `"notes":[${notes.map(quote).join(',')}],"sources":[${sources.map(sourceJson).join(',')}]`,
  )
  const made: Evidence = { notes, sources, json, verdicts: [] }
  evidenceFragments.set(key, made)
  return made
}

function sourceJson(source: Source): string {
  return `{"title":${quote(source.title)},"url":${quote(source.url)},"accessedAt":${quote(source.accessedAt)}}`
}

// Reasons repeat (the same unknown dependency asked about again, worded once by the core):
// their JSON form and its UTF-8 length are kept too, bounded.
const quotedReasons = new Map<string, MeasuredJson>()
const MAX_QUOTED_REASONS = 4096

function quoteReason(reason: string): MeasuredJson {
  let quoted = quotedReasons.get(reason)
  if (quoted === undefined) {
    quoted = measured(quote(reason))
    if (quotedReasons.size >= MAX_QUOTED_REASONS) quotedReasons.clear()
    quotedReasons.set(reason, quoted)
  }
  return quoted
}

function measured(json: string): MeasuredJson {
  return { json, byteLength: Buffer.byteLength(json) }
}

function nullable(value: string | null): string {
  return value === null ? 'null' : quote(value)
}

type Verdict = Omit<DependencyCheck, 'dependency' | 'dependencyVersion' | 'reason'>

/**
 * JSON text with its UTF-8 length, measured from its pieces: the joined text is never
 * flattened into a copy just to be measured.
 */
export interface MeasuredJson {
  readonly json: string
  readonly byteLength: number
}

/** A verdict written with an evidence fragment (whose notes and sources it shares). */
interface VerdictFragment extends Omit<Verdict, 'notes' | 'sources'>, MeasuredJson {}

function isSameVerdict(fragment: VerdictFragment, result: Verdict): boolean {
  return (
    fragment.compatible === result.compatible &&
    fragment.matchedRange === result.matchedRange &&
    fragment.matchedConstraint === result.matchedConstraint &&
    fragment.relationship === result.relationship &&
    fragment.confidence === result.confidence &&
    fragment.lastVerified === result.lastVerified
  )
}

// The verdicts written without evidence (an unknown dependency's, above all): a few shapes,
// each written once, as an entry's are with its evidence.
const verdictsWithoutEvidence: VerdictFragment[] = []

/** From `compatible` to `sources`: the fields a single result and a combination check share. */
function verdictJson(result: Verdict): MeasuredJson {
  const evidence = evidenceOf(result.notes, result.sources)
  const written = evidence === null ? verdictsWithoutEvidence : evidence.verdicts
  for (const fragment of written) if (isSameVerdict(fragment, result)) return fragment
  const json = flat(
    `"compatible":"${result.compatible}","matchedRange":${nullable(result.matchedRange)},` +
      `"matchedConstraint":${nullable(result.matchedConstraint)},"relationship":${nullable(result.relationship)},` +
      `"confidence":"${result.confidence}","lastVerified":${nullable(result.lastVerified)},` +
      (evidence?.json ?? NO_EVIDENCE),
  )
  const byteLength = Buffer.byteLength(json)
  if (written.length >= MAX_VERDICTS_PER_EVIDENCE) written.shift()
  const fragment: VerdictFragment = {
    compatible: result.compatible,
    matchedRange: result.matchedRange,
    matchedConstraint: result.matchedConstraint,
    relationship: result.relationship,
    confidence: result.confidence,
    lastVerified: result.lastVerified,
    json,
    byteLength,
  }
  written.push(fragment)
  return fragment
}

const REASON_KEY = ',"reason":'

/** From `compatible` to `reason`, after `head` (which ends with a comma); closed with `}`. */
function withVerdictAndEvidence(
  head: string,
  result: Omit<DependencyCheck, 'dependency' | 'dependencyVersion'>,
): MeasuredJson {
  const verdict = verdictJson(result)
  const reason =
    result.compatible === 'unknown' ? quoteReason(result.reason) : measured(quote(result.reason))
  return {
    json: `${head}${verdict.json}${REASON_KEY}${reason.json}}`,
    byteLength:
      Buffer.byteLength(head) + verdict.byteLength + REASON_KEY.length + reason.byteLength + 1,
  }
}

export function serializeSingleCheck(result: SingleCheckResult): string {
  return measuredSingleCheck(result).json
}

/** The single result's JSON with its UTF-8 length (an answer's content-length). */
export function measuredSingleCheck(result: SingleCheckResult): MeasuredJson {
  return withVerdictAndEvidence(
    `{"project":${quote(result.project)},"version":${quote(result.version)},` +
      `"dependency":${quote(result.dependency)},"dependencyVersion":${quote(result.dependencyVersion)},`,
    result,
  )
}

interface CheckFragment {
  readonly json: string
  /** The `"dependency":"version"` member of the answer's `dependencies` echo. */
  readonly member: string
  /** The UTF-8 length of `json`; equal to `json.length` when it is ASCII. */
  readonly byteLength: number
  /** Whether it is kept for the next answer with the same check. */
  readonly kept: boolean
  /** Its bytes, in storage of their own, made the first time a kept fragment is written. */
  bytes: Buffer | null
}

// A check shared between answers (the core reuses a decided check) is serialized once more
// and then kept: from its second answer on. A check used once is never kept: V8's scavenger
// holds a WeakMap's values alive whatever their keys, so a fragment kept for every new check
// (about 1 KB each) was copied and promoted by the young-generation collector, which cost a
// new POST of 32 more than serializing the repeated checks a second time.
const checkFragments = new WeakMap<DependencyCheck, CheckFragment>()
const writtenOnce = new WeakSet<DependencyCheck>()

function checkFragment(check: DependencyCheck): CheckFragment {
  const kept = checkFragments.get(check)
  if (kept !== undefined) return kept
  const seenBefore = writtenOnce.has(check)
  const dependency = quote(check.dependency)
  const dependencyVersion = quote(check.dependencyVersion)
  const { json, byteLength } = withVerdictAndEvidence(
    `{"dependency":${dependency},"dependencyVersion":${dependencyVersion},`,
    check,
  )
  const fragment: CheckFragment = {
    json: seenBefore ? flat(json) : json,
    member: `${dependency}:${dependencyVersion}`,
    byteLength,
    kept: seenBefore,
    bytes: null,
  }
  if (seenBefore) checkFragments.set(check, fragment)
  else writtenOnce.add(check)
  return fragment
}

/** Everything before the checks: `{"project":…,"checks":[`. */
function combinationHead(result: CombinationCheckResult, fragments: CheckFragment[]): string {
  return (
    `{"project":${quote(result.project)},"version":${quote(result.version)},` +
    `"dependencies":{${dependenciesEcho(result, fragments)}},"compatible":"${result.compatible}",` +
    `"reason":${quote(result.reason)},"checks":[`
  )
}

/**
 * The members of `dependencies`, in the order the object lists its keys. A result holds one
 * check per dependency in request order (docs/api.md, "Results"), which is that order unless
 * a key is integer-like (objects list those first): then the object itself is walked.
 */
function dependenciesEcho(result: CombinationCheckResult, fragments: CheckFragment[]): string {
  if (result.checks.some((check) => isIndexLikeKey(check.dependency))) {
    return Object.keys(result.dependencies)
      .map((key) => `${quote(key)}:${quote(result.dependencies[key] as string)}`)
      .join(',')
  }
  return fragments.map((fragment) => fragment.member).join(',')
}

export function serializeCombinationCheck(result: CombinationCheckResult): string {
  const fragments = result.checks.map(checkFragment)
  const checks = fragments.map((fragment) => fragment.json).join(',')
  return `${combinationHead(result, fragments)}${checks}]}`
}

/**
 * The same JSON as UTF-8 bytes, written once into one buffer: a combination answer is large
 * (about 14 KB for 32 checks), and text would be flattened, measured and encoded again on its
 * way to the socket. A kept fragment (see `checkFragment`) is copied from bytes of its own.
 */
export function serializeCombinationCheckBytes(result: CombinationCheckResult): Buffer {
  const fragments = result.checks.map(checkFragment)
  const head = combinationHead(result, fragments)
  const headLength = Buffer.byteLength(head)
  // The head, the fragments with a comma between each two, and `]}`.
  let length = headLength + Math.max(fragments.length - 1, 0) + 2
  for (const fragment of fragments) length += fragment.byteLength
  const bytes = Buffer.allocUnsafe(length)
  let offset = bytes.write(head, 0, headLength, 'utf8')
  for (let index = 0; index < fragments.length; index++) {
    const fragment = fragments[index] as CheckFragment
    if (index > 0) bytes[offset++] = COMMA
    if (fragment.bytes !== null) {
      bytes.set(fragment.bytes, offset)
      offset += fragment.byteLength
      continue
    }
    const { json, byteLength } = fragment
    // ASCII is its own Latin-1 encoding, copied without the UTF-8 encoder's checks.
    const end =
      offset + bytes.write(json, offset, byteLength, byteLength === json.length ? 'latin1' : 'utf8')
    if (fragment.kept) {
      fragment.bytes = Buffer.allocUnsafeSlow(byteLength)
      fragment.bytes.set(bytes.subarray(offset, end))
    }
    offset = end
  }
  bytes[offset++] = CLOSE_BRACKET
  bytes[offset] = CLOSE_BRACE
  return bytes
}

const COMMA = 0x2c
const CLOSE_BRACKET = 0x5d
const CLOSE_BRACE = 0x7d
