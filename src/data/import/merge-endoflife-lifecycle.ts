/**
 * Lays an imported lifecycle block and identifiers over a project file's text. The importer
 * owns only what it wrote: a block marked `importedFrom: endoflife` is replaced where it stands;
 * a hand-written block is never touched (and the file is left alone); identifiers are only
 * added, after the ones already there. Everything else in the file (versions, comments,
 * anchors, key order, how its lists are indented) stays as its maintainers wrote it. A new block
 * goes after `upstream`, before `versions`, with the identifiers just before it; its lines are
 * listed newest first.
 */
import {
  type Document,
  isMap,
  isScalar,
  isSeq,
  type Node,
  Pair,
  parseDocument,
  Scalar,
  type YAMLMap,
} from 'yaml'
import type { Identifier, Lifecycle, LifecycleLine } from '../../core/dataset/schema.ts'
import { isJsonObject } from '../../core/json/is-json-object.ts'
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseVersion } from '../../core/version/parse-version.ts'
import { MAX_ALIAS_COUNT } from '../located-fault.ts'
import { identifierKey } from './endoflife-identifiers.ts'
import { styleLikeBundledFiles, YAML_OUTPUT } from './write-project-file.ts'

export interface LifecycleChange {
  /** Whether an imported block was there and is replaced. */
  readonly replaced: boolean
  /** Line keys, in the block's order. */
  readonly added: readonly string[]
  readonly changed: readonly string[]
  readonly removed: readonly string[]
  /** Lines equal but for the day they were read. */
  readonly unchanged: number
  readonly identifiersAdded: readonly Identifier[]
}

export type LifecycleMerge =
  | { readonly kind: 'merged'; readonly text: string; readonly change: LifecycleChange }
  | { readonly kind: 'left alone'; readonly reason: string }
  | { readonly kind: 'error'; readonly message: string }

/** Anchors the importer's shared source is written with: `&endoflife1`. */
const ANCHOR_PREFIX = 'endoflife'

export function mergeEndoflifeLifecycle(
  text: string,
  lifecycle: Lifecycle,
  identifiers: readonly Identifier[],
): LifecycleMerge {
  const file = readProjectFile(text)
  if ('kind' in file) return file
  const { document, plain } = file
  const before = plain.lifecycle
  if (before !== undefined && !(isJsonObject(before) && before.importedFrom === 'endoflife')) {
    return {
      kind: 'left alone',
      reason: 'its lifecycle block is written by hand (it has no importedFrom: endoflife)',
    }
  }
  if (plain.identifiers !== undefined && !Array.isArray(plain.identifiers)) {
    return { kind: 'error', message: 'its identifiers is not a list' }
  }
  const there = new Set(
    ((plain.identifiers as unknown[] | undefined) ?? []).flatMap((item) =>
      isJsonObject(item) ? [identifierKey(item as Identifier)] : [],
    ),
  )
  const identifiersAdded = identifiers.filter((identifier) => !there.has(identifierKey(identifier)))
  placeBlock(document, lifecycle, identifiersAdded)
  let merged: string
  try {
    merged = document.toString(file.output)
  } catch (error) {
    // An alias elsewhere in the file to an anchor of the replaced block.
    return { kind: 'error', message: `it cannot be written again: ${(error as Error).message}` }
  }
  return {
    kind: 'merged',
    text: merged,
    change: {
      ...lineChanges(isJsonObject(before) ? before.lines : undefined, lifecycle.lines),
      replaced: before !== undefined,
      identifiersAdded,
    },
  }
}

interface ProjectFile {
  readonly document: Document.Parsed
  /** How the file is written again: as the bundled files are, its lists indented as it has them. */
  readonly output: typeof YAML_OUTPUT & { readonly indentSeq: boolean }
  /** The file as plain values, to read what is there. */
  readonly plain: Record<string, unknown>
}

function readProjectFile(text: string): ProjectFile | Extract<LifecycleMerge, { kind: 'error' }> {
  const document = parseDocument(text)
  if (document.errors.length > 0) {
    return {
      kind: 'error',
      message: `it is not YAML (${document.errors[0]?.message.split('\n')[0]})`,
    }
  }
  if (!isMap(document.contents)) {
    return { kind: 'error', message: 'it is not a project document (no map)' }
  }
  // The bundled files indent lists under their key either way; a file keeps its own.
  const output = {
    ...YAML_OUTPUT,
    indentSeq: document.toString({ ...YAML_OUTPUT, indentSeq: false }) !== text,
  }
  const plain = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as Record<string, unknown>
  return { document, output, plain }
}

/**
 * The new block where the old one stood, else before `versions`, else last; identifiers added
 * to the file's list, or as a new list just before the block.
 */
function placeBlock(
  document: Document.Parsed,
  lifecycle: Lifecycle,
  identifiersAdded: readonly Identifier[],
): void {
  const root = document.contents as YAMLMap
  const at = root.items.findIndex((pair) => keyOf(pair) === 'lifecycle')
  // The old block goes first, so that its anchor names are free for the new one.
  if (at >= 0) root.items.splice(at, 1)
  const versionsAt = root.items.findIndex((pair) => keyOf(pair) === 'versions')
  let blockAt = at >= 0 ? at : versionsAt >= 0 ? versionsAt : root.items.length
  if (identifiersAdded.length > 0) {
    blockAt += addIdentifiers(document, root, identifiersAdded, blockAt)
  }
  const node = lifecycleNode(document, lifecycle)
  root.items.splice(blockAt, 0, new Pair(new Scalar('lifecycle'), node))
}

function lifecycleNode(document: Document.Parsed, block: Lifecycle): Node {
  const node = document.createNode(block, {
    aliasDuplicateObjects: true,
    anchorPrefix: ANCHOR_PREFIX,
  }) as YAMLMap
  styleLikeBundledFiles(node)
  // Line keys are version keys: quoted, so that 1.10 stays a string for every YAML reader.
  const lines = node.get('lines', true)
  if (isMap(lines)) {
    for (const pair of lines.items) if (isScalar(pair.key)) pair.key.type = 'QUOTE_DOUBLE'
    newestFirst(lines)
  }
  return node
}

/** Appends to the file's list, or makes one before `at`; returns how many pairs it added. */
function addIdentifiers(
  document: Document.Parsed,
  map: YAMLMap,
  added: readonly Identifier[],
  at: number,
): number {
  const list = map.get('identifiers', true)
  if (isSeq(list)) {
    for (const identifier of added) {
      const node = document.createNode(identifier) as Node
      styleLikeBundledFiles(node)
      list.items.push(node)
    }
    return 0
  }
  const created = document.createNode(added) as Node
  styleLikeBundledFiles(created)
  map.items.splice(at, 0, new Pair(new Scalar('identifiers'), created))
  return 1
}

/**
 * Lines newest first, as versions are listed. A JavaScript object lists keys such as "26" before
 * all others, in ascending order, so the block's own order cannot be trusted to say it.
 */
function newestFirst(lines: YAMLMap): void {
  const versionOf = (pair: unknown) => {
    const key = keyOf(pair)
    return typeof key === 'string' ? parseVersion(key) : null
  }
  lines.items.sort((a, b) => {
    const [va, vb] = [versionOf(a), versionOf(b)]
    if (va === null || vb === null) return va === null ? (vb === null ? 0 : 1) : -1
    return compareVersions(vb, va)
  })
}

function lineChanges(
  before: unknown,
  after: Readonly<Record<string, LifecycleLine>>,
): Pick<LifecycleChange, 'added' | 'changed' | 'removed' | 'unchanged'> {
  const old = isJsonObject(before) ? before : {}
  const added: string[] = []
  const changed: string[] = []
  let unchanged = 0
  for (const [key, line] of Object.entries(after)) {
    if (!(key in old)) added.push(key)
    else if (comparable(old[key]) === comparable(line)) unchanged++
    else changed.push(key)
  }
  const removed = Object.keys(old).filter((key) => !(key in after))
  return { added, changed, removed, unchanged }
}

/** A line without the day its source was read. */
function comparable(line: unknown): string {
  if (!isJsonObject(line)) return JSON.stringify(line)
  const sources = Array.isArray(line.sources) ? line.sources : []
  return JSON.stringify({
    ...line,
    sources: sources.map((source) =>
      isJsonObject(source) ? { title: source.title, url: source.url } : source,
    ),
  })
}

function keyOf(pair: unknown): unknown {
  const key = (pair as Pair).key
  return isScalar(key) ? key.value : key
}
