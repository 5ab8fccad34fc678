import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileKindOf } from './file-kinds.ts'

// [path, kind (null: not read)]
const CASES = [
  ['Dockerfile', 'dockerfile'],
  ['services/api/Dockerfile.prod', 'dockerfile'],
  ['Dockerfile-dev', 'dockerfile'],
  ['build/api.Dockerfile', 'dockerfile'],
  ['Containerfile', 'dockerfile'],
  ['Dockerfile.dockerignore', null],
  ['.dockerignore', null],
  ['docker-compose.yml', 'compose'],
  ['deploy/compose.yaml', 'compose'],
  ['docker-compose.prod.yml', 'compose'],
  ['compose.override.yaml', 'compose'],
  ['.nvmrc', 'nvmrc'],
  ['web/.node-version', 'nvmrc'],
  ['.python-version', 'python-version'],
  ['runtime.txt', 'runtime-txt'],
  ['.tool-versions', 'tool-versions'],
  ['mise.toml', 'mise'],
  ['.mise.toml', 'mise'],
  ['.config/mise/config.toml', 'mise'],
  ['config.toml', null],
  ['package.json', 'package-json'],
  ['pyproject.toml', 'pyproject'],
  ['.github/workflows/ci.yml', 'github-workflow'],
  ['.github/workflows/release.yaml', 'github-workflow'],
  ['.github/dependabot.yml', null],
  ['.gitlab-ci.yml', 'gitlab-ci'],
  ['ci/jobs.gitlab-ci.yml', 'gitlab-ci'],
  ['charts/shop/Chart.yaml', 'chart'],
  ['charts/shop/values.yaml', null],
  ['package-lock.json', 'lockfile'],
  ['npm-shrinkwrap.json', 'lockfile'],
  ['web/pnpm-lock.yaml', 'lockfile'],
  ['poetry.lock', 'lockfile'],
  ['api/uv.lock', 'lockfile'],
  ['pylock.toml', 'lockfile'],
  ['pylock.dev.toml', 'lockfile'],
  ['Cargo.lock', null],
  ['requirements.txt', 'lockfile'],
  ['requirements-dev.txt', 'lockfile'],
  ['requirements/base.txt', 'lockfile'],
  ['sbom.cdx.json', 'lockfile'],
  ['bom.json', 'lockfile'],
  ['app.spdx.json', 'lockfile'],
  ['README.md', null],
  ['src/index.ts', null],
] as const

for (const [path, kind] of CASES) {
  test(`${path} is read as ${kind ?? 'nothing'}`, () => {
    assert.equal(fileKindOf(path)?.name ?? null, kind)
  })
}
