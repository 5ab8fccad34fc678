/**
 * How many times `run` has a regular expression executed, of any kind (`test`, `exec`,
 * `replace`, `split`, `match`: each goes through `RegExp.prototype.exec` once the built-in is
 * replaced). A reader proven to run none holds no backtracking engine's worst case.
 */
export function countRegExpCalls(run: () => void): number {
  const exec = Object.getOwnPropertyDescriptor(RegExp.prototype, 'exec') as PropertyDescriptor
  const original = RegExp.prototype.exec
  let calls = 0
  Object.defineProperty(RegExp.prototype, 'exec', {
    ...exec,
    value(this: RegExp, text: string) {
      calls++
      return original.call(this, text)
    },
  })
  try {
    run()
  } finally {
    Object.defineProperty(RegExp.prototype, 'exec', exec)
  }
  return calls
}
