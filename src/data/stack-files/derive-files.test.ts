import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { ComponentMatcher } from '../../core/identifiers/component-matcher.ts'
import { deriveFiles } from './derive-files.ts'

const fixture = (path: string): string =>
  readFileSync(new URL(`../../../test/fixtures/stack-files/${path}`, import.meta.url), 'utf8')

// cert-manager by its chart's purl, ingress-nginx and kubernetes by name.
const matcher = new ComponentMatcher({
  purls: [['helm//cert-manager', 'cert-manager']],
  names: [
    ['cert-manager', 'cert-manager'],
    ['ingress-nginx', 'ingress-nginx'],
    ['kubernetes', 'kubernetes'],
  ],
})

const RELEASES = fixture('helm-list/helm-list-all-namespaces.json')
const EKS = fixture('kubectl-version/eks.json')
const K3S = fixture('kubectl-version/k3s.json')

test('several files of one deployment: one stack, every file’s matches in order, and what each derived', () => {
  const derived = deriveFiles([RELEASES, EKS], matcher)
  assert.ok(derived.ok && 'stack' in derived, JSON.stringify(derived))
  assert.deepEqual(derived.stack.components, [
    ['cert-manager', 'v1.15.3'],
    ['ingress-nginx', '1.11.2'],
    ['kubernetes', 'v1.30.4-eks-a0f0ba7'],
  ])
  assert.deepEqual(
    derived.files.map((file) => [file.file, file.derivedFrom.format]),
    [
      ['file 1', 'helm-list'],
      ['file 2', 'kubectl-version'],
    ],
  )
  assert.deepEqual(
    derived.stack.matches.map((match) => match.project),
    ['cert-manager', 'ingress-nginx', 'kubernetes'],
  )
})

test('one file is read as it always was, with no files listed', () => {
  const derived = deriveFiles([RELEASES], matcher)
  assert.ok(derived.ok && 'stack' in derived)
  assert.deepEqual(derived.files, [])
  assert.equal(derived.stack.derivedFrom.format, 'helm-list')
})

test('two files that name one project at different versions are refused, naming both', () => {
  const derived = deriveFiles([EKS, K3S], matcher)
  assert.ok(!derived.ok && 'conflict' in derived)
  assert.match(
    derived.conflict,
    /^kubernetes is v1\.30\.4-eks-a0f0ba7 in file 1 \(at \/serverVersion\/gitVersion\) and v1\.31\.2\+k3s1 in file 2 .*: files of one deployment name one version of each project/,
  )
})

test('a file of several that breaks its format: its faults, located in it', () => {
  const derived = deriveFiles([RELEASES, '{"clientVersion": {"gitVersion": "v1.31.0"}}'], matcher)
  assert.ok(!derived.ok && 'faults' in derived)
  assert.deepEqual(
    derived.faults.map((fault) => fault.location),
    ['file 2, /serverVersion'],
  )
  assert.equal(derived.faultCount, 1)
})
