/**
 * Messages written for a terminal mark commands and field names with backticks
 * (`helm list -o json`); on a page they are code, not punctuation.
 */
import { el, type Markup } from './markup.ts'

/**
 * The text with each backtick-quoted part as `<code>`; unpaired backticks stay as written.
 *
 * @example codeSpans('read `helm list -o json` output') // ['read ', <code>helm list -o json</code>, ' output']
 */
export function codeSpans(text: string): Markup[] {
  const parts = text.split('`')
  if (parts.length < 3 || parts.length % 2 === 0) return [text]
  return parts
    .map((part, at) => (at % 2 === 1 ? el('code', {}, part) : part))
    .filter((part) => part !== '')
}
