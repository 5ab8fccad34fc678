/**
 * An `.npmrc` file's settings, read as npm reads them (its `ini` format): `key = value` lines,
 * `;` and `#` comments, a quoted value kept as written inside its quotes, and `${NAME}` (or
 * `${NAME?}`, empty when unset) replaced from the environment. Sections and arrays (`key[]`)
 * are nothing the registry settings use, and are skipped.
 *
 * @example readNpmrc('registry = ${NPM_MIRROR}/\n', { NPM_MIRROR: 'https://npm.example' }) // { registry: 'https://npm.example/' }
 */
export function readNpmrc(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const settings: Record<string, string> = Object.create(null)
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '' || line.startsWith(';') || line.startsWith('#') || line.startsWith('['))
      continue
    const equals = line.indexOf('=')
    if (equals <= 0) continue
    const key = expand(line.slice(0, equals).trim(), env)
    if (key.endsWith('[]')) continue
    settings[key] = expand(unquote(line.slice(equals + 1).trim()), env)
  }
  return settings
}

function unquote(value: string): string {
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0])) {
    return value.slice(1, -1)
  }
  return value
}

/** `${NAME}` from the environment; npm leaves an unset one as written, `${NAME?}` empty. */
function expand(text: string, env: Readonly<Record<string, string | undefined>>): string {
  return text.replace(
    /(\\*)\$\{([^${}?]+)(\?)?\}/g,
    (whole, escapes: string, name: string, optional?: string) => {
      if (escapes.length % 2 === 1) return whole.slice(1)
      const value = env[name]
      return `${escapes}${value ?? (optional === undefined ? `\${${name}}` : '')}`
    },
  )
}
