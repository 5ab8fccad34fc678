/**
 * Reads a data directory into documents: the only code that touches the file system.
 * YAML and JSON files; each fault located by file, line and column.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { isMap, isSeq, LineCounter, type Node, parseDocument } from 'yaml'
import { JsonSyntaxError, parseJsonObject } from '../core/json/parse-json-object.ts'

export interface DataFile {
  readonly file: string
  /** File name without extension: must equal the document id. */
  readonly fileId: string
  readonly text: string
  readonly document: unknown
}

export interface LocatedFault {
  readonly file: string
  readonly line: number
  readonly column: number
  readonly path: readonly (string | number)[]
  readonly message: string
}

export interface DataDir {
  readonly files: readonly DataFile[]
  /** Faults found while reading and parsing (syntax, duplicate keys, aliases). */
  readonly faults: readonly LocatedFault[]
  /** sha256 over the names and bytes of every data file, in name order. */
  readonly contentHash: string
}

const DATA_EXTENSIONS = new Set(['.yaml', '.yml', '.json'])
// Anchors keep shared sources short; the cap stops an alias bomb from exhausting memory.
export const MAX_ALIAS_COUNT = 10_000
// Bounds memory while reading large datasets without opening every file at once.
const READ_CONCURRENCY = 64

export async function readDataDir(dir: string): Promise<DataDir> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && DATA_EXTENSIONS.has(extname(entry.name)))
    .map((entry) => entry.name)
    .sort()
  const texts = await mapConcurrently(names, READ_CONCURRENCY, (name) =>
    readFile(join(dir, name), 'utf8'),
  )
  const hash = createHash('sha256')
  const files: DataFile[] = []
  const faults: LocatedFault[] = []
  names.forEach((name, index) => {
    const text = texts[index] as string
    hash.update(name).update('\0').update(text).update('\0')
    const file = join(dir, name)
    const parsed = parseDataFile(file, text)
    faults.push(...parsed.faults)
    if (parsed.faults.length === 0) {
      files.push({ file, fileId: basename(name, extname(name)), text, document: parsed.document })
    }
  })
  return { files, faults, contentHash: hash.digest('hex') }
}

function parseDataFile(file: string, text: string): { document: unknown; faults: LocatedFault[] } {
  if (extname(file) === '.json') {
    // JSON.parse is far faster; the strict parser runs only to locate a syntax error.
    try {
      return { document: JSON.parse(text), faults: [] }
    } catch {
      return { document: undefined, faults: [jsonSyntaxFault(file, text)] }
    }
  }
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false })
  const faults = document.errors.map((error): LocatedFault => {
    const { line, col } = lineCounter.linePos(error.pos[0])
    return { file, line, column: col, path: [], message: error.message }
  })
  if (faults.length > 0) return { document: undefined, faults }
  try {
    return { document: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), faults: [] }
  } catch (error) {
    return {
      document: undefined,
      faults: [{ file, line: 1, column: 1, path: [], message: (error as Error).message }],
    }
  }
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

export type Locate = (path: readonly (string | number)[]) => { line: number; column: number }

/**
 * Finds the line and column of the value at a path, or of the nearest ancestor that exists.
 * The file is parsed with positions once, however many faults it has.
 */
export function locator(dataFile: Pick<DataFile, 'text'>): Locate {
  const lineCounter = new LineCounter()
  const document = parseDocument(dataFile.text, { lineCounter })
  return (path) => locateIn(document.contents, lineCounter, path)
}

function locateIn(
  root: unknown,
  lineCounter: LineCounter,
  path: readonly (string | number)[],
): { line: number; column: number } {
  let node: unknown = root
  let offset = (node as Node | null)?.range?.[0] ?? 0
  for (const key of path) {
    let next: unknown
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => String((item.key as { value?: unknown })?.value) === String(key),
      )
      next = pair?.value
      if (pair !== undefined && next == null) next = pair.key
    } else if (isSeq(node) && typeof key === 'number') {
      next = node.items[key]
    }
    const range = (next as Node | null | undefined)?.range
    if (range == null) break
    node = next
    offset = range[0]
  }
  const position = lineCounter.linePos(offset)
  return { line: position.line, column: position.col }
}

async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
