/**
 * One logical line of a pip requirements file, read as pip splits it (req_file.py,
 * break_args_options): the words before the first word starting with `-` are a requirement
 * (PEP 508), the rest are options. A line of options only says where or how to install
 * (`-i`, `--index-url`, …) or names another file (`-r`, `-c`) or an editable install (`-e`).
 */
import { excerpt } from '../../core/text/excerpt.ts'
import { isWhitespace } from './requirements-lines.ts'
import type { WorkCounter } from './work-counter.ts'

export type RequirementLineItem =
  | {
      readonly kind: 'pinned'
      /** As written, extras taken off. */
      readonly name: string
      readonly version: string
      readonly marker?: string
    }
  | { readonly kind: 'unpinned'; readonly name?: string; readonly reason: string }
  | { readonly kind: 'include'; readonly path: string }
  | { readonly kind: 'constraint'; readonly path: string }
  | { readonly kind: 'editable'; readonly target: string }
  /** An option that says where or how to install, not what: nothing to report. */
  | { readonly kind: 'ignored' }
  | { readonly kind: 'unknown-option'; readonly option: string }
  | { readonly kind: 'invalid'; readonly reason: string }

// pip's requirements-file options (req_file.py, SUPPORTED_OPTIONS and
// SUPPORTED_OPTIONS_REQ), each with whether it takes a value.
const OPTIONS: Readonly<Record<string, { readonly value: boolean; readonly kind?: string }>> = {
  '-r': { value: true, kind: 'include' },
  '--requirement': { value: true, kind: 'include' },
  '-c': { value: true, kind: 'constraint' },
  '--constraint': { value: true, kind: 'constraint' },
  '-e': { value: true, kind: 'editable' },
  '--editable': { value: true, kind: 'editable' },
  '-i': { value: true },
  '--index-url': { value: true },
  '--extra-index-url': { value: true },
  '--no-index': { value: false },
  '-f': { value: true },
  '--find-links': { value: true },
  '--no-binary': { value: true },
  '--only-binary': { value: true },
  '--prefer-binary': { value: false },
  '--require-hashes': { value: false },
  '--pre': { value: false },
  '--trusted-host': { value: true },
  '--use-feature': { value: true },
  '--hash': { value: true },
  '--global-option': { value: true },
  '--config-settings': { value: true },
}

/**
 * @example parseRequirementLine('requests[socks]==2.32.3 --hash=sha256:…') // [{ kind: 'pinned', name: 'requests', version: '2.32.3' }]
 */
export function parseRequirementLine(line: string, counter?: WorkCounter): RequirementLineItem[] {
  // The line is looked at a bounded number of times, each in one pass.
  if (counter !== undefined) counter.steps += 8 * line.length + 1
  const words = line.split(' ')
  const firstOption = words.findIndex((word) => word.startsWith('-'))
  const args = (firstOption === -1 ? words : words.slice(0, firstOption)).join(' ').trim()
  if (args !== '') return [parseRequirement(args)]
  return parseOptions(splitAtWhitespace(line.trim()))
}

function parseOptions(words: readonly string[]): RequirementLineItem[] {
  const items: RequirementLineItem[] = []
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string
    const { option, value: attached } = splitOption(word)
    const known = OPTIONS[option]
    if (known === undefined) {
      items.push({ kind: 'unknown-option', option: word })
      continue
    }
    let value = attached
    if (known.value && value === undefined) {
      value = words[++index]
      if (value === undefined) {
        items.push({ kind: 'invalid', reason: `${option} needs a value` })
        continue
      }
    }
    if (known.kind === 'include') items.push({ kind: 'include', path: value as string })
    else if (known.kind === 'constraint') items.push({ kind: 'constraint', path: value as string })
    else if (known.kind === 'editable') items.push({ kind: 'editable', target: value as string })
    else items.push({ kind: 'ignored' })
  }
  return items
}

/** `--opt=value`, `-rfile` (optparse's short options take their value attached), or `--opt`. */
function splitOption(word: string): { option: string; value?: string } {
  if (word.startsWith('--')) {
    const equals = word.indexOf('=')
    return equals === -1
      ? { option: word }
      : { option: word.slice(0, equals), value: word.slice(equals + 1) }
  }
  return word.length > 2 ? { option: word.slice(0, 2), value: word.slice(2) } : { option: word }
}

function parseRequirement(text: string): RequirementLineItem {
  const first = text.charCodeAt(0)
  // ./path, ../path, ~/path, \\share\path
  if (isUrl(text) || first === 0x2e || first === 0x2f || first === 0x7e || first === 0x5c)
    return unpinnedReference(text)
  const name = readName(text)
  if (name === null) return notARequirement(text)
  const rest = text.slice(name.end)
  const semicolon = rest.indexOf(';')
  const specifier = (semicolon === -1 ? rest : rest.slice(0, semicolon)).trim()
  const marker = semicolon === -1 ? '' : rest.slice(semicolon + 1).trim()
  const projectName = name.name
  if (specifier === '') return { kind: 'unpinned', name: projectName, reason: 'no version given' }
  if (specifier.startsWith('@'))
    return {
      kind: 'unpinned',
      name: projectName,
      reason: `a direct reference (${excerpt(specifier.slice(1).trim())}), not a version`,
    }
  // PEP 508 allows the specifiers in parentheses: `django (==4.2.16)`.
  const bare =
    specifier.length >= 2 && specifier.startsWith('(') && specifier.endsWith(')')
      ? specifier.slice(1, -1)
      : specifier
  const parsed = bare.split(',').map(readClause)
  if (parsed.some((clause) => clause === null))
    return text.includes('/') || text.includes('\\') || isArchive(text)
      ? unpinnedReference(text)
      : notARequirement(text)
  const pin = parsed.find(
    (clause) =>
      clause?.operator === '===' || (clause?.operator === '==' && !clause.version.includes('*')),
  )
  if (pin === undefined || pin === null)
    return {
      kind: 'unpinned',
      name: projectName,
      reason: `no exact version: ${excerpt(specifier)}`,
    }
  const { version } = pin
  if (version.includes('${'))
    return {
      kind: 'unpinned',
      name: projectName,
      reason: `its version ${excerpt(version)} comes from an environment variable`,
    }
  return { kind: 'pinned', name: projectName, version, ...(marker === '' ? {} : { marker }) }
}

function unpinnedReference(text: string): RequirementLineItem {
  const name = eggName(text) ?? wheelName(text)
  return {
    kind: 'unpinned',
    ...(name === undefined ? {} : { name }),
    reason: `a URL or path (${excerpt(text)}), not a version`,
  }
}

function notARequirement(text: string): RequirementLineItem {
  return { kind: 'invalid', reason: `is neither a requirement nor an option: ${excerpt(text)}` }
}

/*
 * The grammar's pieces, each read in one pass over the characters it covers (no regular
 * expression: see requirements-lines.ts for why).
 */

/**
 * PEP 508's name (letters and digits, with `.`, `-`, `_` inside), then its extras in brackets
 * and the whitespace around them: the name, and where what follows starts. Null when the text
 * does not start with a letter or digit.
 */
function readName(text: string): { readonly name: string; readonly end: number } | null {
  if (!isAlphanumeric(text.charCodeAt(0))) return null
  let run = 1
  while (run < text.length && isNameCharacter(text.charCodeAt(run))) run++
  // The name ends with a letter or digit.
  let nameEnd = run
  while (!isAlphanumeric(text.charCodeAt(nameEnd - 1))) nameEnd--
  let end = skipWhitespace(text, nameEnd)
  if (text.charCodeAt(end) === 0x5b /* [ */) {
    const close = text.indexOf(']', end + 1)
    if (close !== -1) end = skipWhitespace(text, close + 1)
  }
  return { name: text.slice(0, nameEnd), end }
}

const OPERATORS = ['===', '==', '!=', '~=', '<=', '>=', '<', '>'] as const

/** One version clause (`>= 4.2`, `==4.2.16`, `==${VERSION}`), or null when it is none. */
function readClause(clause: string): { operator: string; version: string } | null {
  const start = skipWhitespace(clause, 0)
  for (const operator of OPERATORS) {
    if (!clause.startsWith(operator, start)) continue
    const versionStart = skipWhitespace(clause, start + operator.length)
    const versionEnd = versionEndAt(clause, versionStart)
    if (versionEnd > versionStart && skipWhitespace(clause, versionEnd) === clause.length)
      return { operator, version: clause.slice(versionStart, versionEnd) }
  }
  return null
}

/**
 * Where a version starting at `start` ends: a run of `[A-Za-z0-9._*+!-]`, or an environment
 * variable `${NAME}` and what follows it up to whitespace or a comma.
 */
function versionEndAt(text: string, start: number): number {
  let index = start
  if (text.startsWith('${', start)) {
    index += 2
    while (isVariableCharacter(text.charCodeAt(index))) index++
    if (index === start + 2 || text.charCodeAt(index) !== 0x7d /* } */) return start
    index++
    while (index < text.length) {
      const code = text.charCodeAt(index)
      if (code === 0x2c || isWhitespace(code)) break
      index++
    }
    return index
  }
  while (index < text.length && isVersionCharacter(text.charCodeAt(index))) index++
  return index
}

/** `scheme://`: a letter, then letters, digits, `+`, `.` or `-`, then `://`. */
function isUrl(text: string): boolean {
  if (!isLetter(text.charCodeAt(0))) return false
  let index = 1
  while (index < text.length) {
    const code = text.charCodeAt(index)
    if (!(isAlphanumeric(code) || code === 0x2b || code === 0x2e || code === 0x2d)) break
    index++
  }
  return text.startsWith('://', index)
}

const ARCHIVE_ENDINGS = ['.whl', '.tar.gz', '.tgz', '.tar.bz2', '.zip']

function isArchive(text: string): boolean {
  const ending = asciiLowercase(text.slice(-8))
  return ARCHIVE_ENDINGS.some((suffix) => ending.endsWith(suffix))
}

/** The project a URL names in its `#egg=NAME`. */
function eggName(text: string): string | undefined {
  for (let at = text.indexOf('#egg='); at !== -1; at = text.indexOf('#egg=', at + 1)) {
    const start = at + 5
    if (!isAlphanumeric(text.charCodeAt(start))) continue
    let end = start + 1
    while (end < text.length && isNameCharacter(text.charCodeAt(end))) end++
    return text.slice(start, end)
  }
  return undefined
}

/**
 * The project a wheel's file name starts with (`NAME-VERSION-…whl`; the wheel specification
 * escapes `-` in a name as `_`).
 */
function wheelName(text: string): string | undefined {
  const file = text.slice(text.lastIndexOf('/') + 1)
  if (!isAlphanumeric(file.charCodeAt(0))) return undefined
  let nameEnd = 1
  while (nameEnd < file.length && isWheelNameCharacter(file.charCodeAt(nameEnd))) nameEnd++
  if (file.charCodeAt(nameEnd) !== 0x2d) return undefined
  const secondDash = file.indexOf('-', nameEnd + 1)
  if (secondDash <= nameEnd + 1) return undefined
  const rest = file.slice(secondDash + 1)
  return rest.length >= 4 && asciiLowercase(rest.slice(-4)) === '.whl'
    ? file.slice(0, nameEnd)
    : undefined
}

/** Words separated by runs of whitespace (the text has none at either end). */
function splitAtWhitespace(text: string): string[] {
  const words: string[] = []
  let start = 0
  for (let index = 0; index <= text.length; index++) {
    if (index < text.length && !isWhitespace(text.charCodeAt(index))) continue
    if (index > start || words.length === 0) words.push(text.slice(start, index))
    start = index + 1
  }
  return words
}

function skipWhitespace(text: string, start: number): number {
  let index = start
  while (index < text.length && isWhitespace(text.charCodeAt(index))) index++
  return index
}

function asciiLowercase(text: string): string {
  let lower = ''
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    lower += String.fromCharCode(code >= 0x41 && code <= 0x5a ? code + 0x20 : code)
  }
  return lower
}

function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

function isAlphanumeric(code: number): boolean {
  return isLetter(code) || isDigit(code)
}

/** `[A-Za-z0-9._-]` */
function isNameCharacter(code: number): boolean {
  return isAlphanumeric(code) || code === 0x2e || code === 0x5f || code === 0x2d
}

/** `[A-Za-z0-9._]` */
function isWheelNameCharacter(code: number): boolean {
  return isAlphanumeric(code) || code === 0x2e || code === 0x5f
}

/** `[A-Z0-9_]` */
function isVariableCharacter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || isDigit(code) || code === 0x5f
}

/** `[A-Za-z0-9._*+!-]` */
function isVersionCharacter(code: number): boolean {
  return (
    isAlphanumeric(code) ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x2a ||
    code === 0x2b ||
    code === 0x21 ||
    code === 0x2d
  )
}
