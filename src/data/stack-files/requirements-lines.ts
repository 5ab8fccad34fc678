/**
 * The logical lines of a pip requirements file, as pip reads them (pip's req_file.py,
 * join_lines then ignore_comments): a line ending in `\` continues on the next, a comment runs
 * from a `#` at the start of a line or after whitespace to the end of it (so `#egg=` in a URL
 * stays), and a comment line never continues, even when it ends in `\`.
 */

export interface RequirementsLine {
  /** 1-based: the first physical line of a continued line. */
  readonly line: number
  readonly text: string
}

const COMMENT = /(^|\s+)#.*$/
const COMMENT_LINE = /^\s*#/

export function requirementsLines(text: string): RequirementsLine[] {
  const lines: RequirementsLine[] = []
  const add = (line: number, joined: string) => {
    const stripped = joined.replace(COMMENT, '').trim()
    if (stripped !== '') lines.push({ line, text: stripped })
  }
  let pending: { line: number; parts: string[] } | undefined
  text.split(/\r\n|\n|\r/).forEach((physical, index) => {
    const line = index + 1
    if (physical.endsWith('\\') && !COMMENT_LINE.test(physical)) {
      pending ??= { line, parts: [] }
      pending.parts.push(physical.replace(/^\\+|\\+$/g, ''))
      return
    }
    if (pending === undefined) add(line, physical)
    else {
      // A comment line ends a continuation and is read as a comment; pip prefixes a space so
      // that the comment pattern still finds it after the join.
      pending.parts.push(COMMENT_LINE.test(physical) ? ` ${physical}` : physical)
      add(pending.line, pending.parts.join(''))
      pending = undefined
    }
  })
  if (pending !== undefined) add(pending.line, pending.parts.join(''))
  return lines
}
