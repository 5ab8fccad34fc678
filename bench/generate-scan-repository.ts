/**
 * A repository of 10,000 files for `compat scan` to walk (docs/performance.md, "compat scan"):
 * a monorepo of 200 workspace packages, each with its package.json (engines), sources and
 * tests, a Dockerfile with stages in every other one, a compose file, workflows with matrices,
 * version files, a chart, a package-lock.json of 2,000 packages and a requirements file — and
 * a node_modules of 5,000 more files that the scan must not enter.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export const SCAN_REPOSITORY_FILES = 10_000

/** Writes the repository under `root`; returns how many files it holds outside node_modules. */
export function generateScanRepository(root: string): number {
  let count = 0
  const write = (path: string, text: string, counted = true) => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
    if (counted) count++
  }
  const packages = 200
  const lock: Record<string, unknown> = { '': { name: 'mono', workspaces: ['packages/*'] } }
  for (let index = 0; index < 2_000; index++) {
    lock[`node_modules/dep-${index}`] = { version: `1.${index % 40}.0`, license: 'MIT' }
  }
  lock['node_modules/next'] = { version: '14.2.3', engines: { node: '>=18.17.0' } }
  write(
    'package.json',
    JSON.stringify({ name: 'mono', private: true, engines: { node: '>=18' } }, null, 2),
  )
  write(
    'package-lock.json',
    JSON.stringify({ name: 'mono', lockfileVersion: 3, packages: lock }, null, 2),
  )
  write('requirements.txt', 'Django==4.2.16\npsycopg==3.2.3\n')
  write('.nvmrc', '20.11.1\n')
  write('.gitignore', 'dist/\ncoverage/\n')
  write(
    'charts/mono/Chart.yaml',
    'apiVersion: v2\nname: mono\nversion: 1.0.0\nkubeVersion: ">=1.27.0-0"\n',
  )
  for (let workflow = 0; workflow < 20; workflow++) {
    write(
      `.github/workflows/ci-${workflow}.yml`,
      `jobs:\n  test:\n    strategy:\n      matrix:\n        node: [18.x, 20.x, 22.x]\n    services:\n      db:\n        image: postgres:16\n    steps:\n      - uses: actions/setup-node@v4\n        with:\n          node-version: \${{ matrix.node }}\n`,
    )
  }
  for (let index = 0; index < packages; index++) {
    const folder = `packages/pkg-${index}`
    write(
      `${folder}/package.json`,
      JSON.stringify({ name: `@mono/pkg-${index}`, engines: { node: '^20.9.0 || >=22' } }, null, 2),
    )
    if (index % 2 === 0) {
      write(
        `${folder}/Dockerfile`,
        `ARG NODE=20.11\nFROM node:\${NODE}-alpine AS build\nRUN npm ci\nFROM build AS test\nFROM gcr.io/distroless/nodejs20-debian12\n`,
      )
    }
    if (index % 4 === 0) {
      write(
        `${folder}/compose.yaml`,
        `services:\n  db:\n    image: postgres:\${PG:-15}\n  cache:\n    image: redis:7.2\n`,
      )
    }
    if (index % 10 === 0) write(`${folder}/.node-version`, '22.11.0\n')
  }
  // Sources and tests fill the repository up to its size; nothing reads them.
  for (let index = 0; count < SCAN_REPOSITORY_FILES; index++) {
    write(
      `packages/pkg-${index % packages}/src/module-${index}.ts`,
      `export const value${index} = ${index}\n`,
    )
  }
  for (let index = 0; index < 5_000; index++) {
    write(`node_modules/dep-${index % 2_000}/file-${index}.js`, 'module.exports = 1\n', false)
  }
  return count
}
