/**
 * Line and column of the value at a path of a data file — the slow, position-tracking parse
 * that runs only for files that have faults.
 */
import { isMap, isSeq, LineCounter, type Node, parseDocument } from 'yaml'

export type Locate = (path: readonly (string | number)[]) => { line: number; column: number }

/**
 * Finds the line and column of the value at a path, or of the nearest ancestor that exists.
 * The text is parsed with positions once, however many faults it has (JSON is YAML too).
 */
export function locator(text: string): Locate {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter })
  return (path) => locateIn(document.contents, lineCounter, path)
}

function locateIn(
  root: unknown,
  lineCounter: LineCounter,
  path: readonly (string | number)[],
): { line: number; column: number } {
  let node: unknown = root
  let offset = (node as Node | null)?.range?.[0] ?? 0
  for (const key of path) {
    let next: unknown
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => String((item.key as { value?: unknown })?.value) === String(key),
      )
      next = pair?.value
      if (pair !== undefined && next == null) next = pair.key
    } else if (isSeq(node) && typeof key === 'number') {
      next = node.items[key]
    }
    const range = (next as Node | null | undefined)?.range
    if (range == null) break
    node = next
    offset = range[0]
  }
  const position = lineCounter.linePos(offset)
  return { line: position.line, column: position.col }
}
