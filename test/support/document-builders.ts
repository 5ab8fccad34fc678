/** Small valid project documents to change one field at a time, for the data rules' tests. */
import assert from 'node:assert/strict'
import { type Fault, formatPath } from '../../src/core/dataset/fault.ts'
import type { DocumentRule } from '../../src/core/dataset/rules/rule.ts'

/** A valid high-confidence entry, with `overrides` applied. */
export function entry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ranges: ['>=3.10 <3.13'],
    relationship: 'runtime',
    confidence: 'high',
    lastVerified: '2026-10-01',
    notes: [],
    sources: [{ title: 'Docs', url: 'https://example.org/docs', accessedAt: '2026-10-01' }],
    ...overrides,
  }
}

/** A valid document `demo` with one version `1.0` holding `dependencies`; `top` overrides fields. */
export function documentWith(
  dependencies: Record<string, unknown> = { python: entry() },
  top: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: 'demo',
    name: 'Demo',
    categories: ['web'],
    website: 'https://example.org',
    versions: { '1.0': { dependencies } },
    ...top,
  }
}

/** The path of the `python` entry of `documentWith`, as faults print it. */
export const ENTRY = 'versions."1.0".dependencies.python'

/** `path: message` of each fault, as the validator prints them. */
export function describeFaults(faults: readonly Fault[]): string[] {
  return faults.map((fault) => `${formatPath(fault.path)}: ${fault.message}`)
}

/** [document, path of the expected fault, part of its message]; `null` path: no fault at all. */
export type RuleCase = readonly [unknown, string | null, string]

/** Asserts that `rule` reports a fault at the path with the message, or none for `null`. */
export function assertRuleCase(rule: DocumentRule, [document, path, fragment]: RuleCase): void {
  const faults = rule(document, 'demo')
  if (path === null) {
    assert.deepEqual(describeFaults(faults), [])
    return
  }
  const match = faults.find(
    (fault) => formatPath(fault.path) === path && fault.message.includes(fragment),
  )
  assert.ok(
    match,
    `expected a fault at ${path} saying "${fragment}", got ${JSON.stringify(describeFaults(faults))}`,
  )
}

/** A valid entry without one of its fields. */
export function entryWithout(field: string): Record<string, unknown> {
  const { [field]: _removed, ...rest } = entry()
  return rest
}

/** A lifecycle block of one line, `lines` and fields replaced as given. */
export function lifecycle(
  lines: Record<string, unknown> = {
    '1.0': { released: '2025-01-10', supportUntil: '2026-01-10' },
  },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    confidence: 'high',
    lastVerified: '2026-11-28',
    sources: [{ title: 'Policy', url: 'https://example.org/policy', accessedAt: '2026-11-28' }],
    lines,
    ...overrides,
  }
}

/** A document with this lifecycle block. */
export function documentWithLifecycle(block: Record<string, unknown>): Record<string, unknown> {
  return documentWith(undefined, { lifecycle: block })
}
