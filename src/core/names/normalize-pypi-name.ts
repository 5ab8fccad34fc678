/**
 * A PyPI project's name as PEP 503 normalizes it: lowercase, every run of `-`, `_` and `.` one
 * `-`. PyPI treats the spellings alike, and so must the stack: `Django` and `django` are one
 * component.
 *
 * @example normalizePypiName('Foo.Bar__baz') // 'foo-bar-baz'
 */
export function normalizePypiName(name: string): string {
  return name.replace(/[-_.]+/g, '-').toLowerCase()
}
