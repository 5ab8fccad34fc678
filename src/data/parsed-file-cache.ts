/**
 * Parsed data files kept between loads (docs/operations.md, "Parse cache"). Parsing YAML is
 * most of what loading a large data directory costs; a file whose exact text was parsed before
 * is taken from here instead. Entries are keyed by the SHA-256 of the file's text, so an edited
 * file is a new entry and an unchanged one a hit, whatever its name or time stamp.
 *
 * Only the parsing is saved: every document is validated again on every load, and only
 * documents that had no fault are kept. A cache file names the code that wrote it; one written
 * by other code (another build, another parser version) is ignored and then replaced.
 *
 * One file per set of data directories: a header line, then a line per document, its text's
 * hash, a space and the document as JSON. It is written to a temporary name and renamed, so a
 * reader (another worker process) sees the old file or the new one, never half of one.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { BUILD_INPUTS_FILE, FROM_SOURCES } from '../package-files.ts'

const FORMAT = 'compat parsed data files 1'
const HASH_LENGTH = 64

export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

export class ParsedFileCache {
  readonly #file: string
  readonly #parser: string
  /** Entries read from the file: hash → the document's JSON text. */
  readonly #stored: Map<string, string>
  /** Entries this load used or added: what the next file holds. */
  readonly #used = new Map<string, string>()
  #added = 0
  #hits = 0
  #misses = 0

  private constructor(file: string, parser: string, stored: Map<string, string>) {
    this.#file = file
    this.#parser = parser
    this.#stored = stored
  }

  /**
   * The cache for `dataDirs` in `cacheDir`; empty when there is no file yet, it cannot be read,
   * or other code wrote it, or `read` is false (a load that only records, for the next one).
   * Null when this code cannot name itself (no build fingerprint).
   */
  static async open(
    cacheDir: string,
    dataDirs: readonly string[],
    { read = true }: { readonly read?: boolean } = {},
  ): Promise<ParsedFileCache | null> {
    const parser = parserIdentity()
    if (parser === null) return null
    const key = textHash(dataDirs.map((dir) => resolve(dir)).join('\n')).slice(0, 16)
    const file = join(resolve(cacheDir), `parsed-${key}.jsonl`)
    const stored = new Map<string, string>()
    if (!read) return new ParsedFileCache(file, parser, stored)
    try {
      const lines = (await readFile(file, 'utf8')).split('\n')
      if (lines[0] === headerLine(parser)) {
        for (const line of lines.slice(1)) {
          if (line.charCodeAt(HASH_LENGTH) === 32) stored.set(line.slice(0, HASH_LENGTH), line)
        }
      }
    } catch {
      // No cache yet, or unreadable: every file is parsed.
    }
    return new ParsedFileCache(file, parser, stored)
  }

  /** The document of a text with this hash, freshly parsed from its JSON; undefined if absent. */
  lookup(hash: string): { readonly document: unknown; readonly documentJson: string } | undefined {
    const line = this.#stored.get(hash)
    if (line !== undefined) {
      try {
        const documentJson = line.slice(HASH_LENGTH + 1)
        const document: unknown = JSON.parse(documentJson)
        this.#used.set(hash, line)
        this.#hits++
        return { document, documentJson }
      } catch {
        // A damaged line is a miss; the file is written again without it.
        this.#stored.delete(hash)
      }
    }
    this.#misses++
    return undefined
  }

  /** Keeps a document that was parsed and had no fault, given as its JSON text. */
  record(hash: string, documentJson: string): void {
    if (this.#used.has(hash)) return
    this.#used.set(hash, `${hash} ${documentJson}`)
    this.#added++
  }

  /** Files of this load found here, and files parsed, for the log. */
  get stats(): { readonly fromCache: number; readonly parsed: number } {
    return { fromCache: this.#hits, parsed: this.#misses }
  }

  /**
   * Writes what this load used and added, dropping entries of files that are gone or changed;
   * nothing when that is what the file already holds. Resolves to false when nothing was written.
   */
  async save(): Promise<boolean> {
    const unchanged = this.#added === 0 && this.#used.size === this.#stored.size
    if (unchanged) return false
    const temporary = `${this.#file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    try {
      await mkdir(dirname(this.#file), { recursive: true })
      await removeAbandoned(this.#file)
      // In batches: one string of the whole cache would double its memory for a moment (and
      // joining it would hold a serving thread for tens of milliseconds).
      const handle = await open(temporary, 'w')
      try {
        let batch = [headerLine(this.#parser)]
        for (const line of this.#used.values()) {
          batch.push(line)
          if (batch.length === WRITE_BATCH_LINES) {
            await handle.write(`${batch.join('\n')}\n`)
            batch = []
          }
        }
        await handle.write(`${batch.join('\n')}\n`)
      } finally {
        await handle.close()
      }
      await rename(temporary, this.#file)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
    return true
  }
}

const WRITE_BATCH_LINES = 64

// A process killed while writing leaves its temporary file; one this old is nobody's.
const ABANDONED_AFTER_MS = 10 * 60 * 1000

async function removeAbandoned(file: string): Promise<void> {
  const prefix = `${basename(file)}.`
  const dir = dirname(file)
  for (const name of await readdir(dir)) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue
    const path = join(dir, name)
    const info = await stat(path).catch(() => null)
    if (info !== null && Date.now() - info.mtimeMs > ABANDONED_AFTER_MS)
      await rm(path, { force: true })
  }
}

function headerLine(parser: string): string {
  return JSON.stringify({ format: FORMAT, parser })
}

let identity: string | null | undefined

/**
 * What wrote a cache, as a string that changes whenever parsing might: the compiled code's build
 * fingerprint (dist/.build-inputs, which covers every source and the lockfile), or, when the
 * TypeScript sources run, the parser's own sources and js-yaml's version.
 */
function parserIdentity(): string | null {
  if (identity !== undefined) return identity
  try {
    if (!FROM_SOURCES) {
      identity = `build ${readFileSync(BUILD_INPUTS_FILE, 'utf8').trim()}`
    } else {
      const hash = createHash('sha256')
      for (const name of ['parse-data-file.ts', 'yaml-core-schema.ts', 'located-fault.ts']) {
        hash.update(readFileSync(new URL(`./${name}`, import.meta.url))).update('\0')
      }
      const jsYaml = createRequire(import.meta.url)('js-yaml/package.json') as { version: string }
      identity = `sources ${hash.digest('hex')} js-yaml ${jsYaml.version}`
    }
  } catch {
    identity = null
  }
  return identity
}
