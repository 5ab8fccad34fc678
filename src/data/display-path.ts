/** How a path is shown: relative to the working directory when inside it, as given otherwise. */
import { isAbsolute, relative, sep } from 'node:path'

/**
 * @example displayPath('/work/main/data/projects/django.yaml', '/work/main') // 'data/projects/django.yaml'
 * @example displayPath('/tmp/data/x.yaml', '/work/main') // '/tmp/data/x.yaml'
 */
export function displayPath(path: string, cwd: string): string {
  if (!isAbsolute(path)) return path
  const inside = relative(cwd, path)
  if (inside === '') return '.'
  if (isAbsolute(inside) || inside.split(sep)[0] === '..') return path
  return inside
}
