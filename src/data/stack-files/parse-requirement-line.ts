/**
 * One logical line of a pip requirements file, read as pip splits it (req_file.py,
 * break_args_options): the words before the first word starting with `-` are a requirement
 * (PEP 508), the rest are options. A line of options only says where or how to install
 * (`-i`, `--index-url`, …) or names another file (`-r`, `-c`) or an editable install (`-e`).
 */

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

// PEP 508's name: letters and digits, with `.`, `-`, `_` inside.
const NAME = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*/
const CLAUSE = /^\s*(===|==|!=|~=|<=|>=|<|>)\s*([A-Za-z0-9._*+!-]+|\$\{[A-Z0-9_]+\}[^\s,]*)\s*$/
const URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//
const ARCHIVE = /\.(?:whl|tar\.gz|tgz|tar\.bz2|zip)$/i
const EGG = /#egg=([A-Za-z0-9][A-Za-z0-9._-]*)/
// A wheel's file name starts with its project's name (the wheel spec escapes - in it as _).
const WHEEL = /(?:^|\/)([A-Za-z0-9][A-Za-z0-9._]*)-[^-/]+-[^/]*\.whl$/i

/**
 * @example parseRequirementLine('requests[socks]==2.32.3 --hash=sha256:…') // [{ kind: 'pinned', name: 'requests', version: '2.32.3' }]
 */
export function parseRequirementLine(line: string): RequirementLineItem[] {
  const words = line.split(' ')
  const firstOption = words.findIndex((word) => word.startsWith('-'))
  const args = (firstOption === -1 ? words : words.slice(0, firstOption)).join(' ').trim()
  if (args !== '') return [parseRequirement(args)]
  return parseOptions(line.trim().split(/\s+/))
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
  if (URL.test(text) || /^[./~\\]/.test(text)) return unpinnedReference(text)
  const name = NAME.exec(text)
  if (name === null) return notARequirement(text)
  const rest = text.slice(name[0].length)
  const semicolon = rest.indexOf(';')
  const specifier = (semicolon === -1 ? rest : rest.slice(0, semicolon)).trim()
  const marker = semicolon === -1 ? '' : rest.slice(semicolon + 1).trim()
  const projectName = name[1] as string
  if (specifier === '') return { kind: 'unpinned', name: projectName, reason: 'no version given' }
  if (specifier.startsWith('@'))
    return {
      kind: 'unpinned',
      name: projectName,
      reason: `a direct reference (${specifier.slice(1).trim()}), not a version`,
    }
  const clauses = specifier.replace(/^\((.*)\)$/, '$1').split(',')
  const parsed = clauses.map((clause) => CLAUSE.exec(clause))
  if (parsed.some((clause) => clause === null))
    return /[/\\]/.test(text) || ARCHIVE.test(text)
      ? unpinnedReference(text)
      : notARequirement(text)
  const pin = parsed.find(
    (clause) => clause?.[1] === '===' || (clause?.[1] === '==' && !clause[2]?.includes('*')),
  )
  if (pin === undefined || pin === null)
    return { kind: 'unpinned', name: projectName, reason: `no exact version: ${specifier}` }
  const version = pin[2] as string
  if (version.includes('${'))
    return {
      kind: 'unpinned',
      name: projectName,
      reason: `its version ${version} comes from an environment variable`,
    }
  return { kind: 'pinned', name: projectName, version, ...(marker === '' ? {} : { marker }) }
}

function unpinnedReference(text: string): RequirementLineItem {
  const name = EGG.exec(text)?.[1] ?? WHEEL.exec(text)?.[1]
  return {
    kind: 'unpinned',
    ...(name === undefined ? {} : { name }),
    reason: `a URL or path (${text}), not a version`,
  }
}

function notARequirement(text: string): RequirementLineItem {
  return { kind: 'invalid', reason: `is neither a requirement nor an option: ${text}` }
}
