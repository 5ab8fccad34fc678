/**
 * The formats of the files a stack or a readiness question is read from, as people call them:
 * the one spelling the CLI, the reports and the site's pages share.
 */
import type { StackFileFormat } from '../data/stack-files/stack-file.ts'

export const FORMAT_NAMES: Readonly<Record<StackFileFormat, string>> = {
  cyclonedx: 'CycloneDX JSON',
  spdx: 'SPDX JSON',
  'package-lock': 'npm package-lock.json',
  'pnpm-lock': 'pnpm-lock.yaml',
  'poetry-lock': 'poetry.lock',
  'uv-lock': 'uv.lock',
  pylock: 'pylock.toml',
  requirements: 'pip requirements.txt',
  'helm-list': 'helm list -o json',
  'kubectl-version': 'kubectl version -o json',
}

/** @example formatName('helm-list') // 'helm list -o json' */
export function formatName(format: string): string {
  return Object.hasOwn(FORMAT_NAMES, format) ? FORMAT_NAMES[format as StackFileFormat] : format
}
