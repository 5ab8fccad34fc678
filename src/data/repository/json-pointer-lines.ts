/**
 * The line of each JSON pointer asked for, in a JSON text (RFC 6901 pointers, `/engines/node`,
 * `/packages/node_modules~1express`): one pass over the text that follows where each value
 * starts, keeping no value. A package-lock.json of 4 MiB is read in one pass, whatever it holds.
 */

/**
 * The line (from 1) where the value at each pointer starts; a pointer whose value is not in
 * the text is missing from the map. Text that is no JSON gives what it gives up to the fault.
 *
 * @example jsonPointerLines('{\n  "engines": {\n    "node": ">=18"\n  }\n}', ['/engines/node']).get('/engines/node') // 3
 */
export function jsonPointerLines(text: string, pointers: Iterable<string>): Map<string, number> {
  const wanted = new Set(pointers)
  const found = new Map<string, number>()
  if (wanted.size === 0) return found
  let deepest = 0
  for (const pointer of wanted) deepest = Math.max(deepest, pointer.split('/').length - 1)
  // Per open container: whether it is a list, its current key or index, and whether a key is due.
  const lists: boolean[] = []
  const segments: string[] = []
  let keyDue = false
  let line = 1
  const valueStarts = () => {
    if (segments.length > deepest) return
    const pointer = segments.length === 0 ? '' : `/${segments.join('/')}`
    if (wanted.has(pointer) && !found.has(pointer)) found.set(pointer, line)
  }
  let index = 0
  const length = text.length
  while (index < length) {
    const char = text.charCodeAt(index)
    switch (char) {
      case 0x0a: // \n
        line++
        index++
        break
      case 0x7b: // {
        valueStarts()
        lists.push(false)
        segments.push('')
        keyDue = true
        index++
        break
      case 0x5b: // [
        valueStarts()
        lists.push(true)
        segments.push('0')
        keyDue = false
        index++
        break
      case 0x7d: // }
      case 0x5d: // ]
        lists.pop()
        segments.pop()
        keyDue = false
        index++
        break
      case 0x2c: // ,
        if (lists.length > 0) {
          const top = lists.length - 1
          if (lists[top] === true) segments[top] = String(Number(segments[top]) + 1)
          else keyDue = true
        }
        index++
        break
      case 0x22: {
        // "
        const end = stringEnd(text, index)
        if (keyDue && lists.length > 0 && lists[lists.length - 1] === false) {
          segments[segments.length - 1] = escapeSegment(readKey(text.slice(index, end)))
          keyDue = false
        } else valueStarts()
        index = end
        break
      }
      case 0x20:
      case 0x09:
      case 0x0d:
      case 0x3a: // space, tab, \r, :
        index++
        break
      default:
        // A number, true, false or null: it runs to the next delimiter.
        valueStarts()
        index++
        while (index < length && !isDelimiter(text.charCodeAt(index))) index++
    }
  }
  return found
}

/** The index just past the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1
  while (index < text.length) {
    const char = text.charCodeAt(index)
    if (char === 0x5c) index += 2
    else if (char === 0x22) return index + 1
    // No JSON string holds a line break: the string ends here, and the line is counted.
    else if (char === 0x0a) return index
    else index++
  }
  return index
}

function readKey(quoted: string): string {
  if (!quoted.includes('\\')) return quoted.slice(1, -1)
  try {
    return JSON.parse(quoted) as string
  } catch {
    return quoted.slice(1, -1)
  }
}

function escapeSegment(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1')
}

function isDelimiter(char: number): boolean {
  return (
    char === 0x2c ||
    char === 0x7d ||
    char === 0x5d ||
    char === 0x20 ||
    char === 0x0a ||
    char === 0x0d ||
    char === 0x09
  )
}
