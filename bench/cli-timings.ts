/**
 * How long the `compat` command takes as installed: the built bin (dist/cli.js), a fresh
 * process per run, offline against the bundled data. Median and best of N runs, in ms.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateScanRepository } from './generate-scan-repository.ts'

const BIN = fileURLToPath(new URL('../bin/compat.js', import.meta.url))

// [what is measured, node's arguments, target in ms or null]
const COMMANDS: ReadonlyArray<readonly [string, readonly string[], number | null]> = [
  ['node itself, doing nothing (`node -e 0`): the floor', ['-e', '0'], null],
  ['`compat --help`', [BIN, '--help'], 150],
  [
    '`compat check` offline, one dependency',
    [BIN, 'check', '--project', 'django', '--version', '5.2', 'python=3.13'],
    300,
  ],
  [
    '`compat check` offline, a combination of two',
    [BIN, 'check', '--project', 'django', '--version', '5.2', 'python=3.13', 'postgresql=16'],
    null,
  ],
  ['`compat validate` of the bundled data', [BIN, 'validate'], null],
  ['`compat stale` of the bundled data', [BIN, 'stale'], null],
]

export function cliTimings(runs: number): string[] {
  const repository = mkdtempSync(join(tmpdir(), 'compat-scan-bench-'))
  const files = generateScanRepository(repository)
  try {
    return timings(runs, [
      ...COMMANDS,
      [
        `\`compat scan\` of a repository of ${files.toLocaleString('en')} files (and a node_modules it skips)`,
        [BIN, 'scan', repository, '--date', '2026-11-28'],
        1000,
      ],
      [
        'the same, as SARIF',
        [BIN, 'scan', repository, '--date', '2026-11-28', '--format', 'sarif'],
        1000,
      ],
    ])
  } finally {
    rmSync(repository, { recursive: true, force: true })
  }
}

function timings(
  runs: number,
  commands: ReadonlyArray<readonly [string, readonly string[], number | null]>,
): string[] {
  const rows = [
    `## The command, as installed (dist/cli.js), ${runs} fresh processes each`,
    '',
    '| command | median ms | best ms | target |',
    '|---|---:|---:|---:|',
  ]
  for (const [name, args, target] of commands) {
    // One unmeasured run warms the file-system cache, as a second invocation would find it.
    run(args)
    const times = Array.from({ length: runs }, () => run(args)).sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)] as number
    const verdict = target === null ? '—' : `≤ ${target} ${median <= target ? '✓' : '✗'}`
    rows.push(
      `| ${name} | ${median.toFixed(0)} | ${(times[0] as number).toFixed(0)} | ${verdict} |`,
    )
  }
  return rows
}

function run(args: readonly string[]): number {
  const started = process.hrtime.bigint()
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' })
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6
  if (result.status === null || result.status > 2) {
    throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`)
  }
  return elapsed
}
