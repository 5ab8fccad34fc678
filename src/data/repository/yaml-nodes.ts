/**
 * YAML files as a scan reads them (compose, workflows, `.gitlab-ci.yml`, `Chart.yaml`): the
 * document's nodes with their lines, scalars as written (`3.10` stays 3.10, not 3.1), and
 * merge keys (`<<: *base`) followed one level, so an image written once in an anchor is found
 * at its own line. Aliases are never expanded into values: an alias bomb costs nothing.
 */
import {
  type Alias,
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  visit,
} from 'yaml'

export interface YamlFile {
  readonly document: Document.Parsed
  /** The line (from 1) where a node starts. */
  readonly lineOf: (node: Node) => number
  /** What each alias names, found in one pass: the yaml package's own lookup walks the document per alias. */
  readonly aliases: ReadonlyMap<Alias, Node>
}

export type YamlRead =
  | { readonly yaml: YamlFile }
  | { readonly fault: { readonly line: number; readonly reason: string } }

/** @example readYaml('image: node:20\n') // { yaml: … } */
export function readYaml(text: string): YamlRead {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false })
  const error = document.errors[0]
  if (error !== undefined) {
    return {
      fault: {
        line: lineCounter.linePos(error.pos[0]).line,
        reason: `is not valid YAML: ${error.message.split('\n')[0]}`,
      },
    }
  }
  // An alias names the last node anchored with its name before it, in document order.
  const anchors = new Map<string, Node>()
  const aliases = new Map<Alias, Node>()
  visit(document, (_, node) => {
    if (isAlias(node)) {
      const target = anchors.get(node.source)
      if (target !== undefined) aliases.set(node, target)
    } else if (isMap(node) || isSeq(node) || isScalar(node)) {
      if (node.anchor !== undefined) anchors.set(node.anchor, node as Node)
    }
  })
  return {
    yaml: {
      document,
      lineOf: (node) => lineCounter.linePos(node.range?.[0] ?? 0).line,
      aliases,
    },
  }
}

/** The node itself, or what an alias names. */
export function resolved(yaml: YamlFile, node: unknown): unknown {
  return isAlias(node) ? yaml.aliases.get(node) : node
}

/** A map's value at a key, looking through one merge key (`<<: *base`) when it has none. */
export function mapValue(yaml: YamlFile, node: unknown, key: string): Node | undefined {
  const map = resolved(yaml, node)
  if (!isMap(map)) return undefined
  let merged: Node | undefined
  for (const pair of map.items) {
    const name = isScalar(pair.key) ? String(pair.key.value) : undefined
    if (name === key) return (resolved(yaml, pair.value) ?? undefined) as Node | undefined
    if (name === '<<' && merged === undefined) {
      const base = resolved(yaml, pair.value)
      const sources = isSeq(base) ? base.items.map((item) => resolved(yaml, item)) : [base]
      for (const source of sources) {
        if (!isMap(source)) continue
        const inner = source.items.find(
          (item) => isScalar(item.key) && String(item.key.value) === key,
        )
        if (inner !== undefined) {
          merged = (resolved(yaml, inner.value) ?? undefined) as Node | undefined
          break
        }
      }
    }
  }
  return merged
}

/** A map's entries, each key as text with its value (aliases resolved). */
export function mapEntries(yaml: YamlFile, node: unknown): [string, Node | undefined][] {
  const map = resolved(yaml, node)
  if (!isMap(map)) return []
  return map.items.flatMap((pair) =>
    isScalar(pair.key)
      ? [
          [
            String(pair.key.value),
            (resolved(yaml, pair.value) ?? undefined) as Node | undefined,
          ] as [string, Node | undefined],
        ]
      : [],
  )
}

/** A scalar's text as the file writes it (unquoted), or undefined for anything else. */
export function scalarText(node: unknown): string | undefined {
  if (!isScalar(node)) return undefined
  if (node.value === null) return undefined
  if (typeof node.value === 'number' && typeof node.source === 'string') return node.source
  return String(node.value)
}

/** A sequence's items (aliases resolved); a scalar is a list of itself; anything else none. */
export function listItems(yaml: YamlFile, node: unknown): Node[] {
  const value = resolved(yaml, node)
  if (isSeq(value)) return value.items.map((item) => resolved(yaml, item) as Node)
  return isScalar(value) ? [value] : []
}
