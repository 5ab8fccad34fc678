import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { fixtureDataset } from '../../../test/support/fixture-dataset.ts'
import { judgeEntry, type SameVersionRule } from '../check/judge-entry.ts'
import { parseVersion } from '../version/parse-version.ts'
import { entryVerdict } from './entry-verdict.ts'

const dataset = fixtureDataset()
const entries = [...dataset.projects.values()].flatMap((project) =>
  project.versions.flatMap((version) => [...version.dependencies.values()]),
)
const keys = [...dataset.projects.values()].flatMap((project) =>
  project.versions.map((version) => version.key),
)
const version = fc.oneof(
  fc.constantFrom(...keys),
  fc.constantFrom(
    '1.34.2',
    '16.2',
    'v1.27.1',
    '17.2-bookworm',
    '3.13.0rc1',
    '8.15.1',
    'latest',
    '',
  ),
  fc
    .tuple(fc.nat(20), fc.nat(40), fc.option(fc.nat(9)))
    .map(([major, minor, patch]) => `${major}.${minor}${patch === null ? '' : `.${patch}`}`),
)

test('entryVerdict decides what judgeEntry decides, for every entry, version and same-version rule', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...entries),
      version,
      version,
      fc.constantFrom<SameVersionRule>('equal', 'project-series', 'dependency-series'),
      (entry, dependency, project, rule) => {
        assert.equal(
          entryVerdict(
            entry,
            dependency,
            parseVersion(dependency),
            project,
            parseVersion(project),
            rule,
          ),
          judgeEntry(entry, dependency, project, rule).compatible,
        )
      },
    ),
    { numRuns: 3000 },
  )
})
