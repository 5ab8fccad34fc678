/**
 * The logical lines of a pip requirements file, as pip reads them (pip's req_file.py,
 * join_lines then ignore_comments): a line ending in `\` continues on the next, a comment runs
 * from a `#` at the start of a line or after whitespace to the end of it (so `#egg=` in a URL
 * stays), and a comment line never continues, even when it ends in `\`.
 *
 * One pass over the text, looking at each character a few times at most: pip's own regular
 * expressions (`(^|\s+)#.*$`, and stripping `\` from both ends) take time that grows with the
 * square of a line in a backtracking engine, and a file of one long line of spaces or
 * backslashes held a reader for a minute.
 */
import type { WorkCounter } from './work-counter.ts'

export interface RequirementsLine {
  /** 1-based: the first physical line of a continued line. */
  readonly line: number
  readonly text: string
}

const BACKSLASH = 0x5c
const HASH = 0x23

/**
 * @example requirementsLines('flask==3.0.3  # web\n') // [{ line: 1, text: 'flask==3.0.3' }]
 */
export function requirementsLines(text: string, counter?: WorkCounter): RequirementsLine[] {
  const lines: RequirementsLine[] = []
  const add = (line: number, joined: string) => {
    const stripped = withoutComment(joined, counter).trim()
    if (stripped !== '') lines.push({ line, text: stripped })
  }
  let pending: { line: number; parts: string[] } | undefined
  let line = 0
  let start = 0
  while (start <= text.length) {
    line++
    const end = lineEnd(text, start)
    if (counter !== undefined) counter.steps += end - start + 1
    const commentLine = isCommentLine(text, start, end, counter)
    if (end > start && text.charCodeAt(end - 1) === BACKSLASH && !commentLine) {
      pending ??= { line, parts: [] }
      pending.parts.push(withoutEdgeBackslashes(text, start, end, counter))
    } else if (pending === undefined) {
      add(line, text.slice(start, end))
    } else {
      // A comment line ends a continuation and is read as a comment; pip prefixes a space so
      // that the comment pattern still finds it after the join.
      const physical = text.slice(start, end)
      pending.parts.push(commentLine ? ` ${physical}` : physical)
      add(pending.line, pending.parts.join(''))
      pending = undefined
    }
    // \r\n, \n and \r each end a line.
    start = end + (text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? 2 : 1)
  }
  if (pending !== undefined) add(pending.line, pending.parts.join(''))
  return lines
}

/** Where the line starting at `start` ends: its \r or \n, or the end of the text. */
function lineEnd(text: string, start: number): number {
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 0x0a || code === 0x0d) return index
  }
  return text.length
}

/** pip's `^\s*#`: nothing but whitespace before a `#`. */
function isCommentLine(text: string, start: number, end: number, counter?: WorkCounter): boolean {
  let index = start
  while (index < end && isWhitespace(text.charCodeAt(index))) index++
  if (counter !== undefined) counter.steps += index - start + 1
  return index < end && text.charCodeAt(index) === HASH
}

/** Python's `line.strip('\\')`: the line without the backslashes at either end. */
function withoutEdgeBackslashes(
  text: string,
  start: number,
  end: number,
  counter?: WorkCounter,
): string {
  let from = start
  let to = end
  while (from < to && text.charCodeAt(from) === BACKSLASH) from++
  while (to > from && text.charCodeAt(to - 1) === BACKSLASH) to--
  if (counter !== undefined) counter.steps += from - start + (end - to) + 1
  return text.slice(from, to)
}

/** The line up to its first `#` that starts it or follows whitespace (pip's `(^|\s+)#.*$`). */
function withoutComment(line: string, counter?: WorkCounter): string {
  for (let index = 0; index < line.length; index++) {
    if (
      line.charCodeAt(index) === HASH &&
      (index === 0 || isWhitespace(line.charCodeAt(index - 1)))
    ) {
      if (counter !== undefined) counter.steps += index + 1
      return line.slice(0, index)
    }
  }
  if (counter !== undefined) counter.steps += line.length + 1
  return line
}

/** What `\s` matches (and `trim` removes): ASCII and Unicode spaces, line ends, the BOM. */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d)
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}
