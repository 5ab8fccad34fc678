/**
 * A stack file (docs/cli.md, "Stack files"): YAML naming each component of a deployed stack
 * with its version, and, for update bots, the package names it is released under.
 *
 *     components:
 *       kubernetes: 1.33.2
 *       cnpg: v1.27.1
 *       postgresql: { version: "17.2", packages: [ghcr.io/cloudnative-pg/postgresql] }
 *
 * Every fault is reported at its line and column, all at once.
 */

import { resolve } from 'node:path'
import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
} from 'yaml'
import { MAX_DEPENDENCIES, MAX_VALUE_LENGTH } from '../api/request-limits.ts'
import { describeStackFileFormat } from '../api/stack-file-hint.ts'
import { valueFault } from '../api/value-rules.ts'
import { escapeControlCharacters } from '../core/text/excerpt.ts'
import { parseVersion } from '../core/version/parse-version.ts'
import { displayPath } from '../data/display-path.ts'
import { sortFaults } from '../data/format-fault.ts'
import type { LocatedFault } from '../data/located-fault.ts'
import { detectStackFile } from '../data/stack-files/detect-stack-file.ts'
import { utf8Text } from '../data/utf8-text.ts'
import { shellQuote } from '../report/format-text.ts'
import type { CliContext } from './cli-context.ts'
import { CliError } from './cli-error.ts'
import { readRegularFile } from './read-regular-file.ts'

export interface StackComponent {
  readonly name: string
  /** As written; a YAML number (`1.30`) keeps its text, not its value (1.3). */
  readonly version: string
  /** Package names the component is released under (for update bots); empty when none. */
  readonly packages: readonly string[]
}

export type StackFile =
  | { readonly components: readonly StackComponent[] }
  | { readonly faults: readonly LocatedFault[] }

/**
 * @example readStackText('stack.yaml', 'components:\n  kubernetes: 1.33.2\n') // { components: [{ name: 'kubernetes', version: '1.33.2', packages: [] }] }
 */
export function readStackText(file: string, text: string): StackFile {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false })
  const faults: LocatedFault[] = []
  const at = (node: Node | null | undefined, message: string, offset = 0) => {
    const { line, col } = lineCounter.linePos(node?.range?.[0] ?? offset)
    faults.push({ file, line, column: col, path: [], message })
  }
  for (const error of document.errors) {
    const { line, col } = lineCounter.linePos(error.pos[0])
    faults.push({ file, line, column: col, path: [], message: error.message })
  }
  if (faults.length > 0) return { faults }
  const resolve = (node: unknown): Node | null => {
    const resolved = isAlias(node) ? node.resolve(document as Document) : node
    return (resolved ?? null) as Node | null
  }
  const root = resolve(document.contents)
  if (!isMap(root)) {
    at(root, 'a stack file is a mapping with one field, components: {name: version, …}')
    return { faults }
  }
  let componentsNode: Node | null = null
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? pair.key.value : null
    if (key === 'components') componentsNode = resolve(pair.value)
    else
      at(
        pair.key as Node,
        `unknown field ${JSON.stringify(String(key))}; a stack file holds only components`,
      )
  }
  if (componentsNode === null) {
    at(root, 'components is missing: list each component as name: version')
    return { faults }
  }
  if (!isMap(componentsNode)) {
    at(componentsNode, 'components must be a mapping of component names to versions')
    return { faults }
  }
  const count = componentsNode.items.length
  if (count === 0 || count > MAX_DEPENDENCIES) {
    at(
      componentsNode,
      `components must hold 1 to ${MAX_DEPENDENCIES} components; it holds ${count}`,
    )
  }
  const components: StackComponent[] = []
  for (const pair of componentsNode.items) {
    const keyNode = pair.key as Node
    const name = isScalar(keyNode) ? String(keyNode.value) : null
    if (name === null) {
      at(keyNode, 'a component name must be a plain name, such as kubernetes or cnpg')
      continue
    }
    const nameFault = valueFault(name)
    if (nameFault !== null) at(keyNode, `component name ${nameFault}`)
    const value = resolve(pair.value)
    const read = readComponent(name, value, resolve, at)
    if (read !== null && nameFault === null) components.push(read)
  }
  return faults.length > 0 ? { faults: sortFaults(faults) } : { components }
}

type Report = (node: Node | null | undefined, message: string) => void

/** `name: version`, or `name: {version, packages}`. */
function readComponent(
  name: string,
  value: Node | null,
  resolve: (node: unknown) => Node | null,
  at: Report,
): StackComponent | null {
  if (isScalar(value)) {
    const version = versionOf(name, value, at)
    return version === null ? null : { name, version, packages: [] }
  }
  if (!isMap(value)) {
    at(value, `${name}: give a version (${name}: 1.2.3) or {version, packages}`)
    return null
  }
  let version: string | null = null
  let versionSeen = false
  let packages: string[] = []
  let ok = true
  for (const pair of value.items) {
    const field = isScalar(pair.key) ? pair.key.value : null
    const fieldValue = resolve(pair.value)
    if (field === 'version') {
      versionSeen = true
      version = isScalar(fieldValue) ? versionOf(name, fieldValue, at) : null
      if (!isScalar(fieldValue))
        at(fieldValue ?? (pair.key as Node), `${name}.version must be a version, such as 1.2.3`)
    } else if (field === 'packages') {
      const read = packagesOf(name, fieldValue, at)
      if (read === null) ok = false
      else packages = read
    } else {
      ok = false
      at(
        pair.key as Node,
        `${name}: unknown field ${JSON.stringify(String(field))}; a component holds version and packages`,
      )
    }
  }
  if (!versionSeen) at(value, `${name}: version is missing`)
  return ok && version !== null ? { name, version, packages } : null
}

/** A scalar's text as written: `1.30` stays "1.30" (YAML would read the number 1.3). */
function versionOf(name: string, node: Node, at: Report): string | null {
  if (!isScalar(node) || node.value === null || typeof node.value === 'boolean') {
    at(
      node,
      `${name}: the version must be a version, such as 1.2.3 (found ${isScalar(node) ? String(node.value) : 'nothing'})`,
    )
    return null
  }
  const version =
    typeof node.value === 'number' ? (node.source ?? String(node.value)) : String(node.value)
  const fault = valueFault(version)
  if (fault !== null) {
    at(node, `${name}: the version ${fault}`)
    return null
  }
  if (parseVersion(version) === null) {
    at(
      node,
      `${name}: '${version}' is not a recognizable version (such as 1.33.2, v1.27.1 or 16.4-alpine)`,
    )
    return null
  }
  return version
}

function packagesOf(name: string, node: Node | null, at: Report): string[] | null {
  if (!isSeq(node)) {
    at(node, `${name}.packages must be a list of package names`)
    return null
  }
  const packages: string[] = []
  let ok = true
  for (const item of node.items) {
    const value = isScalar(item) ? item.value : null
    if (typeof value !== 'string' || valueFault(value) !== null) {
      at(
        item as Node,
        `${name}.packages: each package name must be a non-empty string of at most ${MAX_VALUE_LENGTH} characters`,
      )
      ok = false
    } else packages.push(value)
  }
  return ok ? packages : null
}

/**
 * The components of the stack file `file` (relative to the working directory); when it has
 * faults, each is written to stderr as FILE:LINE:COLUMN: message, then a summary, and the
 * answer is null (the command exits 3). A file that cannot be read is a CliError.
 */
export async function readStackFile(
  command: string,
  file: string,
  context: CliContext,
): Promise<readonly StackComponent[] | null> {
  const path = resolve(context.cwd, file)
  const shown = displayPath(path, context.cwd)
  // Only a regular file of at most 4 MiB, as for --from (read-regular-file.ts).
  const read = readRegularFile(path)
  if (!('bytes' in read))
    throw new CliError(
      `cannot read ${escapeControlCharacters(shown)}: ${'missing' in read ? read.missing : read.refused}`,
    )
  const text = utf8Text(read.bytes)
  if (text === null) {
    throw new CliError(`cannot read ${escapeControlCharacters(shown)}: not UTF-8 text`)
  }
  const stack = readStackText(shown, text)
  if ('components' in stack) return stack.components
  // A file to derive a stack from, given as the stack file: say so, rather than its faults.
  const other = detectStackFile(text, shown)
  const format = other.ok ? other.stack.format : other.format
  if (format !== null) {
    throw new CliError(
      `${escapeControlCharacters(shown)} is ${describeStackFileFormat(format)}, not a stack file (docs/cli.md, "Stack files"): give it with --from, as in compat ${command} --from ${shellQuote(file)}${command === 'plan' ? ' --target NAME=VERSION' : ''}`,
    )
  }
  for (const fault of stack.faults) {
    context.err(
      escapeControlCharacters(`${fault.file}:${fault.line}:${fault.column}: ${fault.message}`),
    )
  }
  context.err(
    `compat ${command}: ${escapeControlCharacters(shown)} has ${stack.faults.length === 1 ? 'a fault' : `${stack.faults.length} faults`}; see docs/cli.md, "Stack files"`,
  )
  return null
}
