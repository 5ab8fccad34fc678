import assert from 'node:assert/strict'
import { writeFile } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { FIXTURE_DATA_DIR } from '../../../test/support/fixture-app.ts'
import { type FixtureDir, writeDataDir } from '../../../test/support/fixture-data.ts'
import { REPO_ROOT, runCompatInProcess } from '../../../test/support/run-compat.ts'

let files: FixtureDir
before(async () => {
  files = await writeDataDir({
    'stack.yaml': [
      'components:',
      '  platform: 1.34.1',
      '  dbo: {version: "1.26", packages: [example/db-operator]}',
      '  pgdb: {version: "18.1", packages: [example/pgdb]}',
      '  redis: {version: "7", packages: [redis]}',
      '',
    ].join('\n'),
    'no-packages.yaml': 'components:\n  platform: 1.34.1\n',
    'cluster.yaml': [
      'components:',
      '  kubernetes: {version: "1.31", packages: [registry.k8s.io/kube-apiserver]}',
      '  cert-manager: "1.19"',
      '',
    ].join('\n'),
  })
})
after(() => files.remove())

test('compat renovate: one rule per component with packages, valid JSON, notes on stderr', async () => {
  const run = await runCompatInProcess(['renovate', 'stack.yaml', '--data', FIXTURE_DATA_DIR], {
    cwd: files.dir,
  })
  assert.equal(run.code, 0, run.stderr)
  const config = JSON.parse(run.stdout) as {
    packageRules: { matchPackageNames: string[]; allowedVersions: string; description: string }[]
  }
  assert.deepEqual(
    config.packageRules.map((rule) => rule.matchPackageNames),
    [['example/db-operator'], ['example/pgdb']],
  )
  const dbo = new RegExp((config.packageRules[0]?.allowedVersions ?? '').slice(1, -1))
  assert.equal(dbo.test('1.27.3'), true)
  assert.equal(dbo.test('v1.28.2-ubi9'), true)
  assert.equal(dbo.test('1.27.2'), false)
  assert.match(run.stderr, /compat renovate: no rule for redis: no catalogued project/)
})

test('compat renovate: a project with an upgrade rule is admitted its next hop only (the bundled data)', async () => {
  const run = await runCompatInProcess(['renovate', 'cluster.yaml'], { cwd: files.dir })
  assert.equal(run.code, 0, run.stderr)
  const config = JSON.parse(run.stdout) as {
    packageRules: { allowedVersions: string; description: string }[]
  }
  const [kubernetes] = config.packageRules
  assert.ok(kubernetes !== undefined, run.stdout)
  const allowed = new RegExp(kubernetes.allowedVersions.slice(1, -1))
  // Kubernetes moves one minor line at a time: from 1.31, 1.32 before 1.33, although
  // cert-manager 1.19 fits 1.33 to 1.35 too.
  for (const [version, admitted] of [
    ['1.31.4', true],
    ['1.32.0', true],
    ['v1.32.9', true],
    ['1.33.0', false],
    ['1.35.1', false],
  ] as const) {
    assert.equal(allowed.test(version), admitted, version)
  }
  assert.match(
    kubernetes.description,
    /at most one hop from 1\.31 \(one minor line at a time, as its upgrade rule says\): 1\.31, 1\.32\. These fit too, for a later hop: 1\.33, /,
  )
})

test('compat renovate: usage errors exit 3', async () => {
  for (const [args, message] of [
    [[], 'give the stack file'],
    [['no-packages.yaml'], 'no component of no-packages.yaml names its packages'],
    [['missing.yaml'], 'cannot read missing.yaml: no such file'],
  ] as const) {
    const run = await runCompatInProcess(['renovate', ...args, '--data', FIXTURE_DATA_DIR], {
      cwd: files.dir,
    })
    assert.equal(run.code, 3, args.join(' '))
    assert.ok(run.stderr.includes(message), run.stderr)
  }
})

// ---------------------------------------------------------------------------------------------
// compat renovate --from FILE: the stack derived from files; what was derived goes to stderr

test('compat renovate --from: a cluster’s helm releases and kubectl version (the bundled data)', async () => {
  const run = await runCompatInProcess(
    [
      'renovate',
      '--from',
      'helm-list/helm-list-all-namespaces.json',
      '--from',
      'kubectl-version/eks.json',
    ],
    { cwd: `${REPO_ROOT}test/fixtures/stack-files` },
  )
  assert.equal(run.code, 0, run.stderr)
  // stdout is the rules alone: the chart matched by its pkg:helm purl is released as that chart.
  const config = JSON.parse(run.stdout) as { packageRules: { matchPackageNames: string[] }[] }
  assert.deepEqual(
    config.packageRules.map((rule) => rule.matchPackageNames),
    [['cert-manager']],
  )
  assert.match(
    run.stderr,
    /^helm-list\/helm-list-all-namespaces\.json: helm list -o json, 4 components, 2 matched, 2 left out, 1 at several versions\nMATCHED /,
  )
  assert.match(
    run.stderr,
    /\n\nkubectl-version\/eks\.json: kubectl version -o json, 1 component, 1 matched/,
  )
})

test('compat renovate --from: components matched by name have no package: exit 3, how to add them', async () => {
  await writeFile(
    `${files.dir}/sbom.json`,
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      components: [
        { type: 'platform', name: 'platform', version: '1.34.1' },
        { type: 'application', name: 'dbo', version: '1.26' },
      ],
    }),
  )
  const run = await runCompatInProcess(
    ['renovate', '--from', 'sbom.json', '--data', FIXTURE_DATA_DIR],
    {
      cwd: files.dir,
    },
  )
  assert.equal(run.code, 3)
  assert.equal(run.stdout, '')
  assert.match(
    run.stderr,
    /\ncompat renovate: no component derived from sbom\.json has a package name: only a component matched by its package URL \(by purl above\) does; write the stack with 'compat stack --from sbom\.json --write stack\.yaml', add packages, and run 'compat renovate stack\.yaml'\n$/,
  )
})

test('compat renovate: a stack file or --from, not both', async () => {
  const run = await runCompatInProcess(['renovate', 'stack.yaml', '--from', 'sbom.json'], {
    cwd: files.dir,
  })
  assert.equal(run.code, 3)
  assert.match(run.stderr, /give a stack file or --from FILE, not both/)
})
