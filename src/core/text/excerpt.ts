/**
 * A piece of someone else's text, fit to quote in a message: at most 80 characters of it, with
 * every character that could act on a terminal written as an escape (docs/cli.md, "Stacks from
 * files"). A file's line may be megabytes long, hold a secret, or carry ESC and BEL bytes that
 * recolour or retitle the terminal a message is printed on; a message names the place and
 * quotes enough to find it, nothing more.
 */

/** The most of a line a message quotes. */
export const MAX_EXCERPT_LENGTH = 80

/**
 * The text cut to `max` characters (`…` marks the cut) and escaped.
 *
 * @example excerpt('flask==3.0.3\u001b[31m') // 'flask==3.0.3\\u001b[31m'
 */
export function excerpt(text: string, max = MAX_EXCERPT_LENGTH): string {
  const cut = cutText(text, max)
  return escapeControlCharacters(cut) + (cut.length < text.length ? '…' : '')
}

/**
 * The same, in double quotes, with `"` and `\` escaped as JSON writes them: the quotes then
 * show where the quoted text ends.
 *
 * @example quotedExcerpt('a"b') // '"a\\"b"'
 */
export function quotedExcerpt(text: string, max = MAX_EXCERPT_LENGTH): string {
  const cut = cutText(text, max)
  return escapeControlCharacters(JSON.stringify(cut)) + (cut.length < text.length ? '…' : '')
}

/**
 * C0 controls, DEL, C1 controls, the bidirectional overrides and isolates, the line and
 * paragraph separators, and lone surrogates as `\uXXXX`; everything else as it is.
 *
 * @example escapeControlCharacters('bell\u0007') // 'bell\\u0007'
 */
export function escapeControlCharacters(text: string): string {
  let escaped = ''
  let start = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    let unsafe = isUnsafe(code)
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1)
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        index++
        continue
      }
      unsafe = true
    }
    if (!unsafe) continue
    escaped += `${text.slice(start, index)}\\u${code.toString(16).padStart(4, '0')}`
    start = index + 1
  }
  return start === 0 ? text : escaped + text.slice(start)
}

function isUnsafe(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x200e ||
    code === 0x200f
  )
}

/** At most `max` characters, never half of a surrogate pair. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text
  const last = text.charCodeAt(max - 1)
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max)
}
