import { readPlainSingleCheck } from '../src/api/plain-single-check.ts'
import { serializeSingleCheck } from '../src/api/serialize-check.ts'
import { evaluateCheck } from '../src/core/check/evaluate-check.ts'
import { loadDataset } from '../src/data/load-dataset.ts'
import { apiBody } from '../src/http/cached-body.ts'
import { answerFor, stringTag } from '../src/http/send-body.ts'

const r = await loadDataset('data/projects')
if (!r.ok) throw new Error('x')
const ds = r.loaded.dataset
const N = 200_000
const urls = Array.from(
  { length: N },
  (_, i) =>
    `/api/v1/check?project=django&version=5.2&dependency=python&dependencyVersion=3.12.${i}`,
)
const time = (name: string, fn: (url: string, i: number) => unknown) => {
  for (let round = 0; round < 2; round++) {
    const t = performance.now()
    for (let i = 0; i < N; i++) fn(urls[i] as string, i)
    const us = ((performance.now() - t) * 1000) / N
    if (round === 1) console.log(name.padEnd(40), us.toFixed(2), 'µs')
  }
}
time('readPlainSingleCheck', (u) => readPlainSingleCheck(u.slice(14)))
const reqs = urls.map(
  (u) => readPlainSingleCheck(u.slice(14)) as NonNullable<ReturnType<typeof readPlainSingleCheck>>,
)
time('evaluateCheck', (_u, i) => evaluateCheck(ds, reqs[i] as never))
const results = reqs.map((q) => evaluateCheck(ds, q))
time('serializeSingleCheck', (_u, i) => serializeSingleCheck(results[i] as never))
const jsons = results.map((x) => serializeSingleCheck(x))
time('stringTag', (u) => stringTag(u))
time('apiBody (Buffer.from)', (_u, i) => apiBody(jsons[i] as string, 'W/"x"'))
const bodies = jsons.map((j) => apiBody(j, 'W/"x"'))
time('answerFor', (_u, i) =>
  answerFor(bodies[i] as never, 'public, max-age=300', undefined, undefined),
)
console.log('json length', jsons[0]?.length)
