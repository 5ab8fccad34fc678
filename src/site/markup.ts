/**
 * Markup as plain data: what the server renders to HTML text (docs/web.md, "Rendering") and
 * the page's script turns into DOM nodes, from the same functions, so both show the same.
 * Text is always text and attribute values always values: data and user input never become
 * markup.
 */

export interface MarkupElement {
  readonly tag: string
  readonly attributes: Readonly<Record<string, string | true>>
  readonly children: readonly Markup[]
}

export type Markup = MarkupElement | string

/** What a child may be when building: absent children (null, undefined, false) are skipped. */
export type MarkupChild = Markup | null | undefined | false | readonly MarkupChild[]

export type MarkupAttributes = Readonly<Record<string, string | boolean | null | undefined>>

/**
 * An element with attributes and children; `true` writes a bare attribute, false and null
 * leave it out.
 * @example el('a', { href: '/' }, 'All projects')
 */
export function el(
  tag: string,
  attributes: MarkupAttributes = {},
  ...children: MarkupChild[]
): MarkupElement {
  const kept: Record<string, string | true> = {}
  for (const name in attributes) {
    const value = attributes[name]
    if (value === true || typeof value === 'string') kept[name] = value
  }
  const flat: Markup[] = []
  flatten(children, flat)
  return { tag, attributes: kept, children: flat }
}

function flatten(children: readonly MarkupChild[], into: Markup[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    if (typeof child === 'string' || !Array.isArray(child)) into.push(child as Markup)
    else flatten(child as readonly MarkupChild[], into)
  }
}

export function isMarkupElement(value: unknown): value is MarkupElement {
  return typeof value === 'object' && value !== null && 'tag' in value && 'children' in value
}

/** Text read by screen readers only (see .visually-hidden in styles.css). */
export function srOnly(text: string): MarkupElement {
  return el('span', { class: 'visually-hidden' }, text)
}

/** What a reader without a script is told where a form needs one. */
export function noScript(...text: MarkupChild[]): MarkupElement {
  return el('noscript', {}, el('p', { class: 'hint' }, text))
}

/** Only http(s) addresses become links; anything else could run script when followed. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}
