import assert from 'node:assert/strict'
import { test } from 'node:test'
import { convertHelmConstraint } from './convert-helm-constraint.ts'

// [kubeVersion as charts write it, compat ranges]
const CONVERTED: ReadonlyArray<[string, string[]]> = [
  ['>=1.25.0-0', ['>=1.25.0']],
  ['>= 1.22.0-0 < 1.33.0-0', ['>=1.22.0 <1.33.0']],
  ['>=1.19.0-0, <1.30.0-0', ['>=1.19.0 <1.30.0']],
  ['>=1.16.0', ['>=1.16.0']],
  ['^1.25.0-0', ['>=1.25.0 <2']],
  ['~1.25.0', ['>=1.25.0 <1.26']],
  ['1.28.x', ['1.28']],
  ['>=1.21.0-0 <1.26.0-0 || >=1.26.0-0', ['>=1.21.0 <1.26.0', '>=1.26.0']],
  ['>=v1.20.0', ['>=1.20.0']],
]

for (const [helm, compat] of CONVERTED) {
  test(`convertHelmConstraint('${helm}') is ${JSON.stringify(compat)}`, () => {
    assert.deepEqual(convertHelmConstraint(helm), { ranges: compat })
  })
}

// [constraint compat cannot say exactly, part of the reason]
const REFUSED: ReadonlyArray<[string, string]> = [
  ['', 'empty'],
  ['1.2x', 'is a label'],
  ['>=1.25.0-gke.100', 'pre-release tag compat cannot read the same way'],
  ['>=1.30 <1.20', 'no version can satisfy'],
  ['kubernetes 1.25', 'is a label'],
]

for (const [helm, reason] of REFUSED) {
  test(`convertHelmConstraint('${helm}') is refused: ${reason}`, () => {
    const result = convertHelmConstraint(helm)
    assert.ok('error' in result, JSON.stringify(result))
    assert.match(result.error, new RegExp(reason))
  })
}
