/**
 * The server the support-window browser tests open: the fixture data (test/fixtures/data, whose
 * platform has release lines 1.35, 1.34, 1.33 and 1.20) and one project more, Agent, whose lines
 * stand the same on every day these tests may run (after 2026-10-27: the platform's 1.34 ended
 * then): 3.2 supported with no end announced, 3.1 security fixes only until 2099, 3.0 end of
 * life since 2026-06-30, 2.9 ended on a day not published. Each Agent version documents etcd, as
 * the platform's do, so /dependencies/etcd lists lines of every status. The server runs on the
 * real clock (fixture-server.ts).
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { RunningServer } from '../../src/server.ts'
import { startFixtureServer } from '../support/fixture-server.ts'
import { tempDataDir } from '../support/temp-data-dir.ts'

const entry = (ranges: string) => `
    dependencies:
      etcd:
        ranges: [${ranges}]
        relationship: store
        confidence: high
        lastVerified: "2026-10-01"
        notes: []
        sources:
          - title: Agent release notes
            url: https://example.org/agent/releases
            accessedAt: "2026-10-01"`

export const AGENT_PROJECT = `# A fixture for the support-window browser tests: lines of every status on any day after 2026-10-27. Not real data.
id: agent
name: Agent
categories: [kubernetes]
website: https://example.org/agent
lifecycle:
  confidence: high
  lastVerified: "2026-10-01"
  sources:
    - title: Agent support policy
      url: https://example.org/agent/support
      accessedAt: "2026-10-01"
  lines:
    "3.2": {released: "2026-09-01", supportUntil: null, latest: "3.2.4"}
    "3.1": {released: "2025-09-01", activeSupportUntil: "2026-09-01", supportUntil: "2099-12-31", lts: true}
    "3.0": {released: "2025-03-01", supportUntil: "2026-06-30"}
    "2.9": {released: "2024-09-01", supportUntil: true}
versions:
  "3.2":${entry('"3.6"')}
  "3.1":${entry('"3.5", "3.6"')}
  "3.0":${entry('"3.5"')}
  "2.9":${entry('"3.4", "3.5"')}
`

/** The fixture data with Agent, on a free port. */
export async function startSupportWindowsServer(): Promise<RunningServer> {
  const dataDir = await tempDataDir()
  await writeFile(join(dataDir, 'agent.yaml'), AGENT_PROJECT)
  return startFixtureServer({ dataDir })
}
