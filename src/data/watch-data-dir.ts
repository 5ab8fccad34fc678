/** Calls `onChange` once a burst of changes in a data directory has settled. */
import { type FSWatcher, watch } from 'node:fs'

export function watchDataDir(dir: string, debounceMs: number, onChange: () => void): FSWatcher {
  let timer: NodeJS.Timeout | undefined
  const watcher = watch(dir, () => {
    clearTimeout(timer)
    timer = setTimeout(onChange, debounceMs)
  })
  watcher.on('close', () => clearTimeout(timer))
  return watcher
}
