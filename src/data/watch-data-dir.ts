/** Calls `onChange` once a burst of changes in the data directories has settled. */
import { watch } from 'node:fs'
import { dataDirsOf } from './data-dirs.ts'

/** Watches every directory of `data` (one, or several written like PATH); `close` stops all. */
export function watchDataDir(
  data: string,
  debounceMs: number,
  onChange: () => void,
): { close(): void } {
  let timer: NodeJS.Timeout | undefined
  const watchers = dataDirsOf(data).map((dir) =>
    watch(dir, () => {
      clearTimeout(timer)
      timer = setTimeout(onChange, debounceMs)
    }),
  )
  return {
    close: () => {
      clearTimeout(timer)
      for (const watcher of watchers) watcher.close()
    },
  }
}
