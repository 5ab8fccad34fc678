/**
 * The line of a key in a TOML text (`project.requires-python`, `tools.node`), for findings read
 * with a TOML parser that keeps no positions. One pass over the lines: table headers
 * (`[project]`, `[[tool.x]]`), dotted and quoted keys (`project."requires-python"`), keys
 * inside a one-line inline table (`project = { requires-python = ">=3.9" }`), and multi-line
 * strings skipped, so a line inside one is never taken for a key.
 */

/**
 * The line (from 1) of the key at `path`; else the line of the nearest table that holds it;
 * else 1.
 *
 * @example tomlKeyLine('[project]\nname = "x"\nrequires-python = ">=3.9"\n', ['project', 'requires-python']) // 3
 */
export function tomlKeyLine(text: string, path: readonly string[]): number {
  const wanted = path.join('\0')
  let table: string[] = []
  let best: { depth: number; line: number } = { depth: 0, line: 1 }
  let inString: '"""' | "'''" | null = null
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index] as string
    if (inString !== null) {
      if (countOf(raw, inString) % 2 === 1) inString = null
      continue
    }
    const line = raw.trim()
    if (line.startsWith('[')) {
      const header = line.startsWith('[[')
        ? line.slice(2, line.indexOf(']]'))
        : line.slice(1, line.indexOf(']'))
      table = splitKey(header)
      const depth = sharedDepth(table, path)
      if (depth === table.length && depth > best.depth) best = { depth, line: index + 1 }
      continue
    }
    const equals = keyEnd(line)
    if (equals === -1) continue
    const key = [...table, ...splitKey(line.slice(0, equals))]
    if (key.join('\0') === wanted) return index + 1
    const value = line.slice(equals + 1).trim()
    if (value.startsWith('{') && sharedDepth(key, path) === key.length) {
      for (const inner of inlineKeys(value)) {
        if ([...key, ...inner].join('\0') === wanted) return index + 1
      }
    }
    for (const quote of ['"""', "'''"] as const) {
      if (value.startsWith(quote) && countOf(value, quote) % 2 === 1) inString = quote
    }
  }
  return best.line
}

/** How many leading parts of `key` are those of `path`. */
function sharedDepth(key: readonly string[], path: readonly string[]): number {
  let depth = 0
  while (depth < key.length && depth < path.length && key[depth] === path[depth]) depth++
  return depth
}

function countOf(text: string, part: string): number {
  let count = 0
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) count++
  return count
}

/** The index of the `=` that ends a key, outside quotes; -1 when the line holds none. */
function keyEnd(line: string): number {
  let quote: string | null = null
  for (let index = 0; index < line.length; index++) {
    const char = line[index]
    if (quote !== null) {
      if (char === '\\' && quote === '"') index++
      else if (char === quote) quote = null
    } else if (char === '"' || char === "'") quote = char
    else if (char === '=') return index
    else if (char === '#') return -1
  }
  return -1
}

/** `a."b.c".d` → ['a', 'b.c', 'd']. */
function splitKey(key: string): string[] {
  const parts: string[] = []
  let current = ''
  let quote: string | null = null
  for (let index = 0; index < key.length; index++) {
    const char = key[index] as string
    if (quote !== null) {
      if (char === '\\' && quote === '"') {
        current += key[index + 1] ?? ''
        index++
      } else if (char === quote) quote = null
      else current += char
    } else if (char === '"' || char === "'") quote = char
    else if (char === '.') {
      parts.push(current.trim())
      current = ''
    } else current += char
  }
  parts.push(current.trim())
  return parts
}

/** The keys of a one-line inline table, each as its dotted parts (values are not followed). */
function inlineKeys(value: string): string[][] {
  const keys: string[][] = []
  let depth = 0
  let quote: string | null = null
  let start = 1
  for (let index = 0; index < value.length; index++) {
    const char = value[index]
    if (quote !== null) {
      if (char === '\\' && quote === '"') index++
      else if (char === quote) quote = null
    } else if (char === '"' || char === "'") quote = char
    else if (char === '{' || char === '[') depth++
    else if (char === '}' || char === ']') depth--
    else if (char === ',' && depth === 1) start = index + 1
    else if (char === '=' && depth === 1) keys.push(splitKey(value.slice(start, index)))
  }
  return keys
}
