/**
 * Builds DOM nodes from data. Text always goes through text nodes and attributes through
 * setAttribute, never innerHTML: project data and user input can never become markup.
 */

export type Child = Node | string | null | undefined | false
export type Attributes = Record<string, string | boolean | null | undefined>

/**
 * Creates an element with attributes and children.
 * @example h('a', { href: '/' }, 'All projects')
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | readonly Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '')
    else if (typeof value === 'string') element.setAttribute(name, value)
  }
  append(element, children)
  return element
}

/** Appends children, skipping null, undefined and false. */
export function append(parent: Node, children: readonly (Child | readonly Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child)
  }
}

/** Replaces every child of `parent`. */
export function replaceChildren(parent: Element, ...children: (Child | readonly Child[])[]): void {
  parent.replaceChildren()
  append(parent, children)
}

/** Text read by screen readers only (see .visually-hidden in styles.css). */
export function srOnly(text: string): HTMLSpanElement {
  return h('span', { class: 'visually-hidden' }, text)
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
