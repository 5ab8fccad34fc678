/**
 * `compat import endoflife` (docs/cli.md): endoflife.date's product files laid over the
 * matching projects of a data directory as their `lifecycle` blocks and `identifiers`. Every
 * input is read and judged before anything is written, so a file that is not a product file
 * (or cannot be cited to a commit) stops the import with nothing written. After that, each
 * product stands alone: one whose result would not validate, or that cannot be told apart from
 * another, is reported and not written, and the others are.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import type { Identifier } from '../../core/dataset/schema.ts'
import { isJsonObject } from '../../core/json/is-json-object.ts'
import { checkDataFile } from '../check-data-file.ts'
import type { LocatedFault } from '../located-fault.ts'
import { parseDataFile } from '../parse-data-file.ts'
import { endoflifeIdentifiers, identifierKey } from './endoflife-identifiers.ts'
import { ENDOFLIFE_FIELD, endoflifeLifecycle } from './endoflife-lifecycle.ts'
import {
  type CatalogueProject,
  matchEndoflifeProducts,
  type ProductMatch,
} from './match-endoflife-products.ts'
import { type LifecycleChange, mergeEndoflifeLifecycle } from './merge-endoflife-lifecycle.ts'
import { productFileCommits } from './product-file-commits.ts'
import { type EndoflifeProduct, readEndoflifeProduct } from './read-endoflife-product.ts'

export interface EndoflifeImportRequest {
  /** Product files and directories of them (their `*.md`), absolute. */
  readonly inputs: readonly string[]
  /** The data directory whose projects are matched and written, absolute. */
  readonly outDir: string
  /** `--map PRODUCT=PROJECT`: product slug → project id or alias. */
  readonly map: ReadonlyMap<string, string>
  readonly commit: string | null
  readonly gitDir: string | null
  readonly today: string
}

/** A fault of an input file (line 0 when it is about the whole file), or of the request. */
export interface InputFault {
  readonly file: string | null
  readonly line: number
  readonly column: number
  readonly message: string
}

export type ProductOutcome =
  | {
      readonly kind: 'imported'
      readonly file: string
      readonly by: string
      readonly change: LifecycleChange
      /** False when the file already said exactly this. */
      readonly written: boolean
    }
  | { readonly kind: 'left alone'; readonly file: string; readonly reason: string }
  | {
      readonly kind: 'not imported'
      readonly file: string | null
      readonly reason: string
      /** Where the result would break the rules, in the product file where it came from. */
      readonly faults: readonly LocatedFault[]
      /** Whether the user has something to settle (false: --map settled it). */
      readonly unsettled: boolean
    }
  | { readonly kind: 'unmatched' }

export interface ProductReport {
  readonly file: string
  readonly slug: string
  readonly outcome: ProductOutcome
  /** What of the product was not taken (identifiers compat cannot hold), located. */
  readonly leftOut: readonly LocatedFault[]
}

export type EndoflifeImport =
  | {
      readonly ok: false
      /** input: a file is not a product file or cannot be cited; request: a usage mistake. */
      readonly kind: 'input' | 'request'
      readonly faults: readonly InputFault[]
    }
  | { readonly ok: true; readonly products: readonly ProductReport[] }

interface ReadInput {
  readonly file: string
  readonly product: EndoflifeProduct
  readonly commit: string
}

export async function importEndoflife(request: EndoflifeImportRequest): Promise<EndoflifeImport> {
  const read = await readInputs(request)
  if ('faults' in read) return { ok: false, kind: 'input', faults: read.faults }
  const catalogue = await readCatalogue(request.outDir)
  if ('fault' in catalogue) {
    return { ok: false, kind: 'request', faults: [requestFault(catalogue.fault)] }
  }
  const matched = matchEndoflifeProducts(
    read.inputs.map(({ product }) => product),
    catalogue.projects,
    request.map,
  )
  if (!matched.ok) return { ok: false, kind: 'request', faults: matched.faults.map(requestFault) }

  const reports: ProductReport[] = []
  const writes: { file: string; text: string }[] = []
  for (const input of read.inputs) {
    const match = matched.matches.get(input.product.slug) ?? { kind: 'unmatched' }
    const planned = await planProduct(input, match, request.today)
    reports.push(planned.report)
    if (planned.write !== null) writes.push(planned.write)
  }
  for (const { file, text } of writes) await writeFile(file, text)
  return { ok: true, products: reports }
}

function requestFault(message: string): InputFault {
  return { file: null, line: 0, column: 0, message }
}

/** Every input read, judged and given its commit; or every fault found doing so. */
async function readInputs(
  request: EndoflifeImportRequest,
): Promise<{ inputs: ReadInput[] } | { faults: InputFault[] }> {
  const faults: InputFault[] = []
  const whole = (file: string, message: string) =>
    faults.push({ file, line: 0, column: 0, message })
  const files = await expandInputs(request.inputs, whole)
  const readFiles: { file: string; bytes: Uint8Array; product: EndoflifeProduct }[] = []
  const slugs = new Map<string, string>()
  for (const file of files) {
    const slug = basename(file, '.md')
    const earlier = slugs.get(slug)
    if (earlier !== undefined) {
      whole(file, `product ${slug} is given twice (also ${earlier})`)
      continue
    }
    slugs.set(slug, file)
    let bytes: Uint8Array
    try {
      bytes = await readFile(file)
    } catch (error) {
      whole(file, `cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
      continue
    }
    const product = readEndoflifeProduct(new TextDecoder().decode(bytes), slug)
    if (!product.ok) {
      for (const fault of product.faults) {
        faults.push({ file, line: fault.line, column: fault.column, message: fault.message })
      }
      continue
    }
    readFiles.push({ file, bytes, product: product.product })
  }
  const cited = await productFileCommits(readFiles, request)
  for (const fault of cited.faults) whole(fault.file, fault.message)
  if (faults.length > 0) return { faults }
  return {
    inputs: readFiles.map(({ file, product }) => ({
      file,
      product,
      commit: cited.commits.get(file) as string,
    })),
  }
}

/** Files as given, and each directory's `*.md` files in name order. */
async function expandInputs(
  inputs: readonly string[],
  whole: (file: string, message: string) => void,
): Promise<string[]> {
  const files: string[] = []
  for (const input of inputs) {
    const info = await stat(input).catch(() => null)
    if (info === null) whole(input, 'no such file or directory')
    else if (info.isDirectory()) {
      const names = (await readdir(input)).filter((name) => extname(name) === '.md').sort()
      if (names.length === 0) whole(input, 'holds no product files (*.md)')
      files.push(...names.map((name) => join(input, name)))
    } else if (extname(input) !== '.md') {
      whole(input, 'is not a product file: endoflife.date names them products/<slug>.md')
    } else files.push(input)
  }
  return files
}

/** The projects of the data directory: id from the file name, aliases from the document. */
async function readCatalogue(
  outDir: string,
): Promise<{ projects: CatalogueProject[] } | { fault: string }> {
  const names = await readdir(outDir).catch(() => null)
  if (names === null) return { fault: `--out ${outDir} is not a directory of project files` }
  const projects: CatalogueProject[] = []
  for (const name of names.sort()) {
    const extension = extname(name)
    if (!['.yaml', '.yml', '.json'].includes(extension)) continue
    const file = join(outDir, name)
    const parsed = parseDataFile(file, await readFile(file, 'utf8'))
    const aliases = isJsonObject(parsed.document) ? parsed.document.aliases : undefined
    projects.push({
      id: basename(name, extension),
      aliases: Array.isArray(aliases) ? aliases.filter((alias) => typeof alias === 'string') : [],
      file,
    })
  }
  return { projects }
}

/** What becomes of one product, and the text to write when it is imported. */
async function planProduct(
  { file: productFile, product, commit }: ReadInput,
  match: ProductMatch,
  today: string,
): Promise<{ report: ProductReport; write: { file: string; text: string } | null }> {
  const base = { file: productFile, slug: product.slug }
  const report = (outcome: ProductOutcome, leftOut: readonly LocatedFault[] = []) => ({
    report: { ...base, outcome, leftOut },
    write: null,
  })
  if (match.kind === 'unmatched') return report({ kind: 'unmatched' })
  if (match.kind === 'not imported') {
    return report({ ...match, file: null, faults: [] })
  }
  const { project } = match
  const notImported = (reason: string, faults: readonly LocatedFault[] = []) =>
    report({ kind: 'not imported', file: project.file, reason, faults, unsettled: true })
  if (!/\.ya?ml$/.test(project.file)) {
    return notImported('the project file is JSON; the importer writes into YAML files only')
  }
  const text = await readFile(project.file, 'utf8')
  const own = checkDataFile(project.file, project.id, text)
  if (own.faults.length > 0) {
    return notImported(
      `the project file has ${own.faults.length} fault(s) of its own; fix them first (compat validate)`,
    )
  }

  const lifecycle = endoflifeLifecycle(product, commit, today)
  const identifiers = endoflifeIdentifiers(product.identifiers)
  const leftOut = identifiers.leftOut.map(({ index, message }) => ({
    file: productFile,
    ...product.locate(['identifiers', index]),
    path: ['identifiers', index],
    message,
  }))
  const merged = mergeEndoflifeLifecycle(text, lifecycle, identifiers.identifiers)
  if (merged.kind === 'left alone') {
    return report({ kind: 'left alone', file: project.file, reason: merged.reason })
  }
  if (merged.kind === 'error') return notImported(`the project file: ${merged.message}`)
  const check = checkDataFile(project.file, project.id, merged.text)
  if (check.faults.length > 0) {
    const faults = check.faults.map((fault) =>
      inProductFile(fault, check.document, productFile, product, merged.change.identifiersAdded),
    )
    return {
      report: {
        ...base,
        outcome: {
          kind: 'not imported',
          file: project.file,
          reason: 'the result would not validate',
          faults,
          unsettled: true,
        },
        leftOut,
      },
      write: null,
    }
  }
  return {
    report: {
      ...base,
      outcome: {
        kind: 'imported',
        file: project.file,
        by: match.by,
        change: merged.change,
        written: merged.text !== text,
      },
      leftOut,
    },
    write: merged.text === text ? null : { file: project.file, text: merged.text },
  }
}

/**
 * A fault of the result, where it came from in the product file when the importer wrote it: a
 * line's field at its release's field (`releases[3].eol`), an added identifier at its item.
 * The path and message stay the project's, which is what the rule judged.
 */
function inProductFile(
  fault: LocatedFault,
  document: unknown,
  productFile: string,
  product: EndoflifeProduct,
  identifiersAdded: readonly Identifier[],
): LocatedFault {
  const [top, second, key, field] = fault.path
  if (top === 'lifecycle' && second === 'lines' && typeof key === 'string') {
    const index = product.releases.findIndex((release) => release.releaseCycle === key)
    if (index >= 0) {
      const from = typeof field === 'string' ? ENDOFLIFE_FIELD[field] : undefined
      const path = from === undefined ? ['releases', index] : ['releases', index, from]
      return { ...fault, file: productFile, ...product.locate(path) }
    }
  }
  if (top === 'identifiers' && typeof second === 'number') {
    // Added identifiers come last, after those the file had.
    const all =
      isJsonObject(document) && Array.isArray(document.identifiers) ? document.identifiers : []
    const added = identifiersAdded[second - (all.length - identifiersAdded.length)]
    const index =
      added === undefined
        ? -1
        : product.identifiers.findIndex(
            ({ kind, value }) => `${kind} ${value}` === identifierKey(added),
          )
    if (index >= 0)
      return { ...fault, file: productFile, ...product.locate(['identifiers', index]) }
  }
  return fault
}
