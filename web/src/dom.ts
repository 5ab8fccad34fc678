/**
 * Builds DOM nodes from data. Text always goes through text nodes and attributes through
 * setAttribute, never innerHTML: project data and user input can never become markup.
 * Markup shared with the server's pages (src/site) is accepted as a child and built the same way.
 */
import { isMarkupElement, type Markup } from '../../src/site/markup.ts'

export type Child = Node | Markup | null | undefined | false
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
    parent.appendChild(toNode(child))
  }
}

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml'
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg'

/** A DOM node for shared markup (or the node itself); `svg` and its children are SVG. */
export function toNode(child: Node | Markup, namespace = HTML_NAMESPACE): Node {
  if (typeof child === 'string') return document.createTextNode(child)
  if (!isMarkupElement(child)) return child
  const inner = child.tag === 'svg' ? SVG_NAMESPACE : namespace
  const element = document.createElementNS(inner, child.tag)
  for (const [name, value] of Object.entries(child.attributes)) {
    element.setAttribute(name, value === true ? '' : value)
  }
  for (const grandchild of child.children) element.appendChild(toNode(grandchild, inner))
  return element
}

/** Replaces every child of `parent`. */
export function replaceChildren(parent: Element, ...children: (Child | readonly Child[])[]): void {
  parent.replaceChildren()
  append(parent, children)
}
