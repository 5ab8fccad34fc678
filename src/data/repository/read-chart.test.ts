import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readChart } from './read-chart.ts'

test("a chart's kubeVersion is a Kubernetes range at its line, Helm's -0 dropped", () => {
  const { declarations } = readChart(
    'apiVersion: v2\nname: shop\nversion: 0.7.2\nkubeVersion: ">= 1.25.0-0 < 1.33.0-0"\n',
    'charts/shop/Chart.yaml',
    { sibling: () => undefined },
  )
  assert.deepEqual(
    declarations.map((found) => [found.location.line, found.component, found.declared]),
    [[4, 'kubernetes', { range: '>= 1.25.0-0 < 1.33.0-0', ranges: ['>=1.25.0 <1.33.0'] }]],
  )
})

test('a chart without kubeVersion declares nothing', () => {
  assert.deepEqual(
    readChart('apiVersion: v2\nname: x\n', 'Chart.yaml', { sibling: () => undefined }).declarations,
    [],
  )
})
