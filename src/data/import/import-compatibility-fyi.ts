/**
 * Converts a data file of the public compatibility service (compatibility.fyi: one
 * `projects: {<id>: {...}}` map per file, `x-…` keys holding YAML anchors) into compat project
 * documents (docs/api.md, "Project documents"). What compat's format cannot say — a label as
 * a version, a patch-gated version key, a `recommended` or `bundled` basis, an explicit
 * `incompatible` status, fields compat has no place for — is never guessed: it is left out,
 * and each thing left out is reported with its line.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml'
import type { ProjectDocument } from '../../core/dataset/schema.ts'
import { validateDocument } from '../../core/dataset/validate-document.ts'
import { isJsonObject, type JsonObject } from '../../core/json/is-json-object.ts'
import { parseVersion } from '../../core/version/parse-version.ts'
import { MAX_ALIAS_COUNT } from '../located-fault.ts'
import { convertRange } from './convert-range.ts'

export interface LeftOut {
  readonly line: number
  readonly message: string
}

export interface ImportedProject {
  readonly document: ProjectDocument
  readonly entries: number
}

export type ImportResult =
  | {
      readonly ok: true
      readonly projects: readonly ImportedProject[]
      readonly leftOut: readonly LeftOut[]
    }
  | { readonly ok: false; readonly error: string }

type Path = readonly (string | number)[]

const ID = /^[a-z0-9][a-z0-9._-]{0,127}$/
const PROJECT_FIELDS = new Set(['name', 'description', 'categories', 'website', 'versions'])
const ENTRY_FIELDS = new Set([
  'status',
  'ranges',
  'relationship',
  'confidence',
  'notes',
  'sources',
  'lastVerified',
  'basis',
  'sameVersion',
])
const CONFIDENCES = new Set(['high', 'medium', 'low'])
const MAX_DESCRIPTION = 300

/**
 * @example importCompatibilityFyi(text) // { ok: true, projects: [{ document, entries }], leftOut: [{ line, message }] }
 */
export function importCompatibilityFyi(text: string): ImportResult {
  const lineCounter = new LineCounter()
  const yaml = parseDocument(text, { lineCounter, prettyErrors: false, merge: true })
  const syntax = yaml.errors[0]
  if (syntax !== undefined) {
    const { line, col } = lineCounter.linePos(syntax.pos[0])
    return {
      ok: false,
      error: `invalid YAML at line ${line}, column ${col}: ${firstLine(syntax.message)}`,
    }
  }
  keepVersionKeysAsWritten(yaml)
  let data: unknown
  try {
    data = yaml.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
  } catch (error) {
    return { ok: false, error: `refused: ${firstLine((error as Error).message)}` }
  }
  if (!isJsonObject(data) || !isJsonObject(data.projects)) {
    return {
      ok: false,
      error: "not a compatibility.fyi data file: it has no top-level 'projects' map",
    }
  }
  const unknownTop = Object.keys(data).filter((key) => key !== 'projects' && !key.startsWith('x-'))
  if (unknownTop.length > 0) {
    return {
      ok: false,
      error: `not a compatibility.fyi data file: unknown top-level ${unknownTop.map((key) => `'${key}'`).join(', ')} (only 'projects' and 'x-…' keys belong there)`,
    }
  }
  const lineOf = (path: Path) => locate(yaml.contents, yaml, lineCounter, path)
  const leftOut: LeftOut[] = []
  const report = (path: Path, message: string) => leftOut.push({ line: lineOf(path), message })
  const projects: ImportedProject[] = []
  for (const [id, project] of Object.entries(data.projects)) {
    const converted = convertProject(id, project, ['projects', id], report)
    if (converted !== null) projects.push(converted)
  }
  leftOut.sort((a, b) => a.line - b.line)
  return { ok: true, projects, leftOut }
}

type Report = (path: Path, message: string) => void

function convertProject(
  id: string,
  project: unknown,
  path: Path,
  report: Report,
): ImportedProject | null {
  const skip = (why: string) => {
    report(path, `left out project '${id}': ${why}`)
    return null
  }
  if (!ID.test(id)) return skip('its id is not a lowercase slug, as compat ids are')
  if (!isJsonObject(project)) return skip('it is not a map')
  if (typeof project.name !== 'string' || project.name.trim() === '') return skip('it has no name')
  if (typeof project.website !== 'string')
    return skip('it has no website, which compat documents need')
  if (!isJsonObject(project.versions)) return skip("it has no 'versions' map")
  for (const field of Object.keys(project)) {
    if (!PROJECT_FIELDS.has(field)) {
      report(
        [...path, field],
        `left out field '${field}' of project '${id}': compat documents have no such field`,
      )
    }
  }
  const document: Record<string, unknown> = { id, name: project.name }
  if (typeof project.description === 'string') {
    if (project.description.length <= MAX_DESCRIPTION) document.description = project.description
    else
      report(
        [...path, 'description'],
        `left out the description of '${id}': longer than ${MAX_DESCRIPTION} characters, compat's one sentence`,
      )
  }
  document.categories = Array.isArray(project.categories)
    ? project.categories.filter((category): category is string => typeof category === 'string')
    : []
  document.website = project.website
  document.versions = convertVersions(id, project.versions, [...path, 'versions'], report)
  return settle(id, document, path, report)
}

function convertVersions(
  id: string,
  versions: JsonObject,
  path: Path,
  report: Report,
): Record<string, { dependencies: Record<string, unknown> }> {
  const converted: Record<string, { dependencies: Record<string, unknown> }> = Object.create(null)
  for (const [key, version] of Object.entries(versions)) {
    const keyPath = [...path, key]
    const keys = expandVersionKey(key)
    if ('error' in keys) {
      report(keyPath, `left out ${id} version '${key}': ${keys.error}`)
      continue
    }
    if (!isJsonObject(version) || !isJsonObject(version.dependencies)) {
      report(keyPath, `left out ${id} version '${key}': it has no 'dependencies' map`)
      continue
    }
    const dependencies: Record<string, unknown> = Object.create(null)
    for (const [dependency, entry] of Object.entries(version.dependencies)) {
      const entryPath = [...keyPath, 'dependencies', dependency]
      const result = convertEntry(entry, entryPath, report)
      if ('error' in result) {
        report(entryPath, `left out ${id} ${key} ${dependency}: ${result.error}`)
      } else {
        dependencies[dependency] = result.entry
      }
    }
    for (const expanded of keys.keys) {
      if (expanded in converted) {
        report(
          keyPath,
          `left out ${id} version '${expanded}' from '${key}': the key is documented twice`,
        )
        continue
      }
      converted[expanded] = { dependencies: { ...dependencies } }
    }
  }
  return converted
}

/** `33 || 34` is two keys; `>=10.3.7 <10.4` gates on patches, which a key cannot say. */
function expandVersionKey(key: string): { keys: string[] } | { error: string } {
  const keys: string[] = []
  for (const part of key.split('||').map((text) => text.trim())) {
    if (/^[<>=~^]|\s/.test(part)) {
      return {
        error:
          'a range of releases as a version key cannot be said by compat, whose keys are versions or lines',
      }
    }
    const version = parseVersion(part)
    if (version === null || !/^v?\d+(\.\d+)*(-[0-9A-Za-z.]+)?$/.test(part)) {
      return { error: `'${part}' is a label, not a version` }
    }
    if (
      version.flavor !== null ||
      version.build !== null ||
      (version.post !== null && part.includes('-'))
    ) {
      return { error: `'${part}' carries a suffix compat keys cannot have` }
    }
    keys.push(part.replace(/^v/, ''))
  }
  return { keys }
}

function convertEntry(
  entry: unknown,
  path: Path,
  report: Report,
): { entry: Record<string, unknown> } | { error: string } {
  if (!isJsonObject(entry)) return { error: 'the entry is not a map' }
  for (const field of Object.keys(entry)) {
    if (!ENTRY_FIELDS.has(field)) {
      report([...path, field], `left out field '${field}': compat entries have no such field`)
    }
  }
  if (entry.status === 'incompatible') {
    return {
      error:
        "status 'incompatible' cannot be said: compat answers incompatible only when a version misses documented ranges",
    }
  }
  if (entry.basis === 'recommended' || entry.basis === 'bundled') {
    return {
      error: `basis '${String(entry.basis)}' cannot be said: compat's basis is supported or tested`,
    }
  }
  if (entry.basis !== undefined && entry.basis !== 'tested' && entry.basis !== 'supported') {
    return { error: `unknown basis '${String(entry.basis)}'` }
  }
  if (typeof entry.relationship !== 'string' || entry.relationship === '') {
    return { error: 'it has no relationship, which compat entries need' }
  }
  if (typeof entry.confidence !== 'string' || !CONFIDENCES.has(entry.confidence)) {
    return { error: `confidence '${String(entry.confidence)}' is not high, medium or low` }
  }
  const ranges: string[] = []
  for (const range of Array.isArray(entry.ranges) ? entry.ranges : []) {
    if (typeof range !== 'string') return { error: 'a range is not a string' }
    const converted = convertRange(range)
    if ('error' in converted) return { error: `range '${range}': ${converted.error}` }
    for (const text of converted.ranges) if (!ranges.includes(text)) ranges.push(text)
  }
  const sources: Record<string, string>[] = []
  for (const [index, source] of (Array.isArray(entry.sources) ? entry.sources : []).entries()) {
    if (
      !isJsonObject(source) ||
      typeof source.title !== 'string' ||
      typeof source.url !== 'string'
    ) {
      return { error: `source ${index + 1} has no title or url` }
    }
    const accessedAt = dateText(source.accessedAt)
    if (accessedAt === null) return { error: `source ${index + 1} has no accessedAt date` }
    sources.push({ title: source.title, url: source.url, accessedAt })
  }
  return {
    entry: {
      ranges,
      ...(entry.sameVersion === true ? { constraints: [{ type: 'same-version' }] } : {}),
      ...(entry.basis === 'tested' ? { basis: 'tested' } : {}),
      relationship: entry.relationship,
      confidence: entry.confidence,
      lastVerified: dateText(entry.lastVerified),
      notes: Array.isArray(entry.notes)
        ? entry.notes.filter((note): note is string => typeof note === 'string')
        : [],
      sources,
    },
  }
}

/**
 * Runs compat's own document rules: an entry with a fault is left out with the rule's words;
 * a fault of the project itself leaves the project out.
 */
function settle(
  id: string,
  document: Record<string, unknown>,
  path: Path,
  report: Report,
): ImportedProject | null {
  const versions = document.versions as Record<string, { dependencies: Record<string, unknown> }>
  for (const fault of validateDocument(document, id)) {
    const [top, version, , dependency] = fault.path
    if (top === 'versions' && typeof version === 'string' && typeof dependency === 'string') {
      const dependencies = versions[version]?.dependencies
      if (dependencies !== undefined && dependency in dependencies) {
        delete dependencies[dependency]
        report(
          [...path, ...fault.path],
          `left out ${id} ${version} ${dependency}: ${fault.message}`,
        )
      }
      continue
    }
    report([...path, ...fault.path], `left out project '${id}': ${fault.message}`)
    return null
  }
  let entries = 0
  for (const [key, version] of Object.entries(versions)) {
    const count = Object.keys(version.dependencies).length
    if (count === 0) delete versions[key]
    entries += count
  }
  return { document: document as unknown as ProjectDocument, entries }
}

/**
 * An unquoted version key such as `1.10` is the number 1.1 to YAML; the key as written is
 * what the project calls its version.
 */
function keepVersionKeysAsWritten(yaml: ReturnType<typeof parseDocument>): void {
  const projects = resolveAlias(yaml.get('projects', true), yaml)
  if (!isMap(projects)) return
  for (const project of projects.items) {
    const versions = resolveAlias(project.value, yaml)
    const map = isMap(versions) ? resolveAlias(versions.get('versions', true), yaml) : null
    if (!isMap(map)) continue
    for (const pair of map.items) {
      if (isScalar(pair.key) && typeof pair.key.value !== 'string' && pair.key.source) {
        pair.key.value = pair.key.source
      }
    }
  }
}

/** A date as compat writes it: YAML's unquoted dates arrive as Date objects. */
function dateText(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return value.toISOString().slice(0, 10)
  return typeof value === 'string' ? value : null
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/\.$/, '')
}

/** The line of the node at `path` (or of its nearest ancestor), following YAML aliases. */
function locate(
  root: unknown,
  document: Parameters<typeof resolveAlias>[1],
  lineCounter: LineCounter,
  path: Path,
): number {
  let node = root
  let offset = (node as Node | null)?.range?.[0] ?? 0
  for (const key of path) {
    node = resolveAlias(node, document)
    let next: unknown
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(key),
      )
      next = pair?.value ?? pair?.key
    } else if (isSeq(node) && typeof key === 'number') {
      next = node.items[key]
    }
    const range = (next as Node | null | undefined)?.range
    if (range == null) break
    node = next
    offset = range[0]
  }
  return lineCounter.linePos(offset).line
}

function resolveAlias(node: unknown, document: { readonly contents: unknown }): unknown {
  return isAlias(node) ? (node.resolve(document as never) ?? node) : node
}
