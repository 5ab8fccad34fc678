import assert from 'node:assert/strict'
import { test } from 'node:test'
import { scanPlanRequest } from './scan-plan-request.ts'
import type { Finding } from './scan-result.ts'

const finding = (
  project: string | null,
  version: string | null,
  status: Finding['status'],
  line = 1,
): Finding => ({
  component: project ?? 'x',
  project,
  version,
  releaseLine: null,
  status,
  supportUntil: null,
  kind: 'image',
  declared: `${project}:${version}`,
  location: { file: 'Dockerfile', line },
})

test('no pin past its end of life: nothing to plan', () => {
  assert.equal(scanPlanRequest([finding('nodejs', '22', 'supported')], '2026-11-28'), null)
})

test('each catalogued project at its oldest pin, those past their end of life first, supported on the day, one step at a time', () => {
  const planned = scanPlanRequest(
    [
      finding('postgresql', '17', 'supported'),
      finding('nodejs', '20.11', 'end-of-life'),
      finding('nodejs', '16', 'end-of-life'),
      finding('nodejs', '22', 'supported'),
      finding(null, '3.19', 'unknown'),
      finding('python', null, 'unknown'),
      { ...finding('python', null, 'end-of-life'), version: undefined, range: '>=3.8' },
    ],
    '2026-11-28',
  )
  assert.deepEqual(planned, {
    request: {
      components: [
        ['nodejs', '16'],
        ['postgresql', '17'],
      ],
      target: [],
      unknown: 'allow',
      path: true,
      supportedOn: '2026-11-28',
    },
    leftOut: [],
  })
})

test('over 32 catalogued projects, the plan keeps those past their end of life', () => {
  const findings = Array.from({ length: 40 }, (_, index) =>
    finding(`p${index}`, '1', index >= 35 ? 'end-of-life' : 'supported', index + 1),
  )
  const planned = scanPlanRequest(findings, '2026-11-28')
  assert.equal(planned?.request.components.length, 32)
  assert.deepEqual(
    planned?.request.components.slice(0, 5).map(([name]) => name),
    ['p35', 'p36', 'p37', 'p38', 'p39'],
  )
  assert.equal(planned?.leftOut.length, 8)
})
