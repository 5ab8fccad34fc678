/**
 * Parses a data file's text into a document. The fast parsers (JSON.parse, js-yaml) read the
 * files that are fine; when they refuse a file, the position-tracking `yaml` parser (or the
 * strict JSON parser) reads it again to say where each fault is. Both YAML parsers read the
 * YAML 1.2 core schema, so a file they both accept means the same to both (a test holds them
 * together). Two parsers for two jobs: the importers edit data files in place, keeping their
 * comments and layout, which only `yaml`'s documents can; loading wants speed, and `yaml` alone
 * is not fast enough for it: on the bundled data (168 files, 6.1 MB, a quiet 2-core VM,
 * 2026-12-07) js-yaml reads it in 0.45 s, `yaml`'s lexer and parser alone take 2.1 s and its
 * documents 2.8 s (docs/history.md, "A fast YAML parser"), so both stay.
 */
import { load } from 'js-yaml'
import { LineCounter, parseDocument } from 'yaml'
import { JsonSyntaxError, parseJsonObject } from '../core/json/parse-json-object.ts'
import { type LocatedFault, MAX_ALIAS_COUNT } from './located-fault.ts'
import { YAML_CORE_SCHEMA } from './yaml-core-schema.ts'

export type ParsedFile =
  | { readonly document: unknown; readonly faults?: undefined }
  | { readonly document?: undefined; readonly faults: readonly LocatedFault[] }

/**
 * @example parseDataFile('/data/django.yaml', 'id: django\n…') // { document: { id: 'django', … } }
 */
export function parseDataFile(file: string, text: string): ParsedFile {
  if (file.endsWith('.json')) {
    try {
      return { document: JSON.parse(text) }
    } catch {
      return { faults: [jsonSyntaxFault(file, text)] }
    }
  }
  try {
    const document = load(text, { schema: YAML_CORE_SCHEMA })
    // Aliases share one object; a document whose expansion is out of all proportion to its
    // text (an alias bomb) goes to the parser that counts and refuses them.
    if (expandsWithin(document, text.length * 4 + 10_000)) return { document }
  } catch {
    // Refused: the positional parser finds out where and why.
  }
  return parseYamlWithPositions(file, text)
}

function parseYamlWithPositions(file: string, text: string): ParsedFile {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false })
  const faults = document.errors.map((error): LocatedFault => {
    const { line, col } = lineCounter.linePos(error.pos[0])
    return { file, line, column: col, path: [], message: error.message }
  })
  if (faults.length > 0) return { faults }
  try {
    return { document: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) }
  } catch (error) {
    return { faults: [{ file, line: 1, column: 1, path: [], message: (error as Error).message }] }
  }
}

/** Counts nodes as a reader would visit them (aliases expanded), up to `budget`. */
function expandsWithin(value: unknown, budget: number): boolean {
  let remaining = budget
  const visit = (node: unknown): boolean => {
    if (--remaining < 0) return false
    if (typeof node !== 'object' || node === null) return true
    if (Array.isArray(node)) return node.every(visit)
    for (const key in node) if (!visit((node as Record<string, unknown>)[key])) return false
    return true
  }
  return visit(value)
}

function jsonSyntaxFault(file: string, text: string): LocatedFault {
  try {
    parseJsonObject(text)
  } catch (error) {
    if (error instanceof JsonSyntaxError) {
      return {
        file,
        ...positionOf(text, error.position),
        path: [],
        message: `invalid JSON: ${error.message}`,
      }
    }
  }
  return { file, line: 1, column: 1, path: [], message: 'invalid JSON' }
}

function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  const lineStart = before.lastIndexOf('\n') + 1
  return { line: before.split('\n').length, column: offset - lineStart + 1 }
}
