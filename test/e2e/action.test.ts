// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the action's own ${{ expressions }}, not templates
/**
 * action.yml, the GitHub Action that runs `compat scan`: its scan step's script run as the
 * runner runs it (bash, with the action's inputs in its environment and GITHUB_OUTPUT to write
 * to) on the repository fixture, from the workspace's root and on a folder below it; and the
 * upload step pinned to a version of github/codeql-action/upload-sarif.
 */
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { parse } from 'yaml'
import { REPO_ROOT } from '../support/run-compat.ts'
import { sarifValidator } from '../support/sarif-validator.ts'
import { tempDir } from '../support/temp-dir.ts'

interface Step {
  readonly id?: string
  readonly uses?: string
  readonly run?: string
  readonly with?: Record<string, string>
}

const action = parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as {
  runs: { using: string; steps: Step[] }
}
const scanStep = action.runs.steps.find((step) => step.id === 'scan') as Step

/** The scan step, in `workspace`, with `inputs`; its exit code, GITHUB_OUTPUT and the SARIF. */
async function runScanStep(workspace: string, inputs: Record<string, string>) {
  const home = await tempDir('compat-action-')
  const output = join(home, 'output')
  writeFileSync(output, '')
  const sarif = join(home, 'compat.sarif')
  const run = spawnSync('bash', ['-e', '-c', scanStep.run as string], {
    cwd: workspace,
    encoding: 'utf8',
    env: {
      ...process.env,
      GITHUB_ACTION_PATH: REPO_ROOT,
      GITHUB_OUTPUT: output,
      SCAN_PATH: '.',
      FAIL_ON: 'end-of-life,incompatible',
      SCAN_DATE: '2026-11-28',
      SARIF_FILE: sarif,
      ...inputs,
    },
  })
  return {
    code: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    output: readFileSync(output, 'utf8'),
    sarif: run.status === 0 ? (JSON.parse(readFileSync(sarif, 'utf8')) as SarifLog) : null,
  }
}

interface SarifLog {
  runs: {
    results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]
  }[]
}

const uris = (log: SarifLog | null) =>
  log?.runs[0]?.results.map((result) => result.locations[0]?.physicalLocation.artifactLocation.uri)

test('a composite action whose upload step is github/codeql-action/upload-sarif at a version tag', () => {
  assert.equal(action.runs.using, 'composite')
  const upload = action.runs.steps.find((step) =>
    step.uses?.startsWith('github/codeql-action/upload-sarif@'),
  )
  assert.match(upload?.uses ?? '', /@v\d+(\.\d+){0,2}$/)
  assert.equal(upload?.with?.sarif_file, '${{ inputs.sarif-file }}')
})

test('the scan step writes valid SARIF, prints the report, and passes the exit code on', async () => {
  const step = await runScanStep(join(REPO_ROOT, 'test/fixtures/scan/repository'), {})
  assert.equal(step.code, 0, step.stderr)
  assert.equal(step.output, 'exit-code=1\n')
  assert.match(step.stdout, /\nscan: 20 end-of-life, 3 incompatible, .* — fails/)
  const validate = sarifValidator()
  assert.ok(validate(structuredClone(step.sarif)), JSON.stringify(validate.errors))
  assert.ok(uris(step.sarif)?.includes('requirements.txt'))
  const passing = await runScanStep(join(REPO_ROOT, 'test/fixtures/scan/repository'), {
    FAIL_ON: 'none',
  })
  assert.equal(passing.output, 'exit-code=0\n')
})

test('a folder below the workspace: SARIF paths from the repository root, as code scanning reads them', async (t) => {
  try {
    execFileSync('jq', ['--version'])
  } catch {
    t.skip('jq is not installed (GitHub-hosted runners have it)')
    return
  }
  const step = await runScanStep(REPO_ROOT, { SCAN_PATH: './test/fixtures/scan/repository/' })
  assert.equal(step.code, 0, step.stderr)
  assert.ok(uris(step.sarif)?.includes('test/fixtures/scan/repository/requirements.txt'))
})

test('bad input stops the step with the command’s own message', async () => {
  const step = await runScanStep(REPO_ROOT, { FAIL_ON: 'end-of-lyfe' })
  assert.equal(step.code, 3)
  assert.match(step.stderr, /--fail-on: 'end-of-lyfe' is no rule/)
  assert.equal(step.output, '')
})
