import { loadDataset } from '../src/data/load-dataset.ts'

const t = performance.now()
const r = await loadDataset(process.argv[2] as string)
const ms = performance.now() - t
globalThis.gc?.()
console.log(
  'ok',
  r.ok,
  'ms',
  ms.toFixed(0),
  'rss MB',
  (process.memoryUsage().rss / 2 ** 20).toFixed(0),
  'heap MB',
  (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0),
)
