/** The formats of the files a stack or a readiness question is read from, as people call them. */
import type { StackFileFormat } from '../data/stack-files/stack-file.ts'

/** Each format as people call it. */
export const FORMAT_NAMES: Readonly<Record<StackFileFormat, string>> = {
  cyclonedx: 'CycloneDX',
  spdx: 'SPDX',
  'package-lock': 'npm package-lock',
  'pnpm-lock': 'pnpm-lock.yaml',
  'poetry-lock': 'poetry.lock',
  'uv-lock': 'uv.lock',
  pylock: 'pylock.toml',
  requirements: 'pip requirements',
  'helm-list': 'helm list',
  'kubectl-version': 'kubectl version',
}

/** @example formatName('helm-list') // 'helm list' */
export function formatName(format: string): string {
  return Object.hasOwn(FORMAT_NAMES, format) ? FORMAT_NAMES[format as StackFileFormat] : format
}
