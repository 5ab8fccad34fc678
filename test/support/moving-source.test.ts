import assert from 'node:assert/strict'
import { test } from 'node:test'
import { movingReason } from './moving-source.ts'

// [URL, moves]
const CASES: ReadonlyArray<[string, boolean]> = [
  ['https://github.com/o/r/blob/main/README.md', true],
  ['https://github.com/o/r/blob/master/docs/x.md', true],
  ['https://github.com/o/r/tree/main/docs', true],
  ['https://raw.githubusercontent.com/o/r/master/data/x.yml', true],
  ['https://gitlab.com/g/p/-/blob/master/doc/x.md', true],
  ['https://docs.cilium.io/en/stable/network/kubernetes/compatibility/', true],
  ['https://istio.io/latest/docs/releases/supported-releases/', true],
  ['https://elastic.co/guide/en/kibana/current/setup.html', true],
  ['https://laravel.com/docs/master/releases', true],
  ['https://github.com/o/r/blob/v1.2.3/README.md', false],
  ['https://github.com/o/r/blob/01d612bf3e1daf51af15928d8e5eaa26a4275849/docs/x.md', false],
  ['https://github.com/micronaut-projects/micronaut-core/tree/v4.7.0/src/main/docs', false],
  ['https://raw.githubusercontent.com/o/r/v1.18.14/Documentation/x.rst', false],
  ['https://gitlab.com/g/p/-/blob/v17.0.0-ee/doc/x.md', false],
  ['https://docs.djangoproject.com/en/5.1/releases/5.1.3/', false],
  ['https://core.trac.wordpress.org/changeset/57173/trunk/src/readme.html', false],
]

for (const [url, moves] of CASES) {
  test(`${url} ${moves ? 'moves' : 'is pinned'}`, () => {
    assert.equal(movingReason(url) !== null, moves)
  })
}
