/**
 * A compose project's `.env` file as compose reads it for interpolation: `NAME=value` lines,
 * `export` allowed, quotes around a value removed, `#` comments and blank lines skipped.
 */

/** @example readDotenv('STACK_VERSION=8.15.0\n# comment\n').get('STACK_VERSION') // '8.15.0' */
export function readDotenv(text: string): Map<string, string> {
  const values = new Map<string, string>()
  for (const raw of text.split('\n')) {
    const line = raw.trim().replace(/^export\s+/, '')
    if (line === '' || line.startsWith('#')) continue
    const equals = line.indexOf('=')
    if (equals <= 0) continue
    const name = line.slice(0, equals).trim()
    let value = line.slice(equals + 1).trim()
    const quote = value[0]
    if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
      value = value.slice(1, -1)
    } else {
      const comment = value.indexOf(' #')
      if (comment !== -1) value = value.slice(0, comment).trim()
    }
    values.set(name, value)
  }
  return values
}
