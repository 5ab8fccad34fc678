/**
 * A stack pasted into the stack page: a stack file (docs/cli.md, "Stack files") or plain lines
 * of `name: version`, `name=version` or `name version`. Lenient on purpose — the page shows the
 * components it read and the server judges them; `compat stack` reads files strictly.
 */

export interface PastedStack {
  readonly components: readonly (readonly [string, string])[]
  /** Lines that were not understood, with their numbers. */
  readonly problems: readonly string[]
}

const PAIR = /^("[^"]*"|'[^']*'|[^\s:=]+)\s*(?::\s*|=\s*|\s+)(.*)$/
const FLOW_VERSION = /\bversion\s*:\s*("[^"]*"|'[^']*'|[^,}\s]+)/

/**
 * @example readPastedStack('components:\n  kubernetes: 1.33.2\n  cnpg: v1.27.1')
 * // { components: [['kubernetes', '1.33.2'], ['cnpg', 'v1.27.1']], problems: [] }
 */
export function readPastedStack(text: string): PastedStack {
  const components: [string, string][] = []
  const problems: string[] = []
  /** A component written as a mapping: the lines indented under it are its fields. */
  let nested: { name: string; indent: number; line: number; version: string | null } | null = null
  const close = () => {
    if (nested === null) return
    if (nested.version === null) problems.push(`line ${nested.line}: ${nested.name} has no version`)
    else components.push([nested.name, nested.version])
    nested = null
  }
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/\s+#.*$/, '').replace(/^#.*$/, '')
    const content = line.trim()
    if (content === '' || content === '---' || /^components\s*:\s*$/.test(content)) return
    const indent = line.length - line.trimStart().length
    if (nested !== null && indent > nested.indent) {
      // version, or packages and their list items (for update bots).
      const version = /^version\s*:\s*(.+)$/.exec(content)?.[1]
      if (version !== undefined) nested.version = unquote(version)
      return
    }
    close()
    const match = PAIR.exec(content.replace(/^-\s+/, ''))
    if (match === null) {
      problems.push(`line ${index + 1}: “${content}” is not name: version`)
      return
    }
    const name = unquote(match[1] as string)
    const value = (match[2] as string).trim()
    if (value === '') {
      nested = { name, indent, line: index + 1, version: null }
      return
    }
    const version = value.startsWith('{') ? FLOW_VERSION.exec(value)?.[1] : value
    if (version === undefined) problems.push(`line ${index + 1}: ${name} has no version`)
    else components.push([name, unquote(version)])
  })
  close()
  return { components, problems }
}

function unquote(text: string): string {
  const trimmed = text.trim()
  const quoted =
    trimmed.length >= 2 &&
    ((trimmed.startsWith('"') && trimmed.endsWith('"')) ||
      (trimmed.startsWith("'") && trimmed.endsWith("'")))
  return quoted ? trimmed.slice(1, -1) : trimmed
}
