import { isAbsolute, join } from 'node:path'

/**
 * Where registry answers are kept: `$XDG_CACHE_HOME/compat/registry` (the XDG base directory
 * rule ignores a relative XDG_CACHE_HOME), else `~/.cache/compat/registry`; null when the
 * environment names no home, and then nothing is kept.
 */
export function registryCacheDir(env: Readonly<Record<string, string | undefined>>): string | null {
  if (env.XDG_CACHE_HOME !== undefined && isAbsolute(env.XDG_CACHE_HOME)) {
    return join(env.XDG_CACHE_HOME, 'compat', 'registry')
  }
  if (env.HOME !== undefined && isAbsolute(env.HOME))
    return join(env.HOME, '.cache', 'compat', 'registry')
  return null
}
