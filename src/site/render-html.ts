/** Markup to HTML text, escaped: what the server sends for a page (docs/web.md, "Rendering"). */
import type { Markup } from './markup.ts'

// Elements that have no end tag in HTML.
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])

const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
}

export function escapeText(text: string): string {
  return text.replace(/[&<>"]/g, (character) => TEXT_ESCAPES[character] as string)
}

export function renderHtml(markup: Markup | readonly Markup[]): string {
  const parts: string[] = []
  write(markup, parts)
  return parts.join('')
}

function write(markup: Markup | readonly Markup[], parts: string[]): void {
  if (typeof markup === 'string') {
    parts.push(escapeText(markup))
    return
  }
  if (Array.isArray(markup)) {
    for (const child of markup as readonly Markup[]) write(child, parts)
    return
  }
  const { tag, attributes, children } = markup as Exclude<Markup, string>
  let open = `<${tag}`
  for (const name in attributes) {
    const value = attributes[name]
    open += value === true ? ` ${name}` : ` ${name}="${escapeText(value as string)}"`
  }
  parts.push(`${open}>`)
  if (VOID.has(tag)) return
  for (const child of children) write(child, parts)
  parts.push(`</${tag}>`)
}
