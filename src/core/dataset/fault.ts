/** A problem found in a document: where (a path of keys) and why. Validation collects them all. */
export interface Fault {
  /** Keys from the document root to the offending value, e.g. ['versions', '5.1', 'dependencies']. */
  readonly path: readonly (string | number)[]
  readonly message: string
}

/** `versions."5.1".dependencies.python.ranges[0]`: keys that are not plain words are quoted. */
export function formatPath(path: readonly (string | number)[]): string {
  let text = ''
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`
    else
      text += (text === '' ? '' : '.') + (/^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key))
  }
  return text === '' ? '(document)' : text
}
