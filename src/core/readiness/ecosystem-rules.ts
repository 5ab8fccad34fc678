/**
 * Each ecosystem's own rules for versions and ranges, behind one face: npm's are node-semver's
 * (pre-releases left out, as npm itself reads `engines` and peer ranges); PyPI's are PEP 440's
 * (src/core/readiness/python-specifier.ts). A rules object remembers what it parsed, for one
 * answer: a tree of 2,000 packages repeats a few dozen ranges.
 */
import semver from 'semver'
import { comparePythonVersions } from './compare-python-versions.ts'
import type { Ecosystem } from './declarations.ts'
import { intersectNpmRanges } from './intersect-npm-ranges.ts'
import { intersectPythonSpecifiers } from './intersect-python-specifiers.ts'
import {
  isPythonPreRelease,
  type PythonVersion,
  parsePythonVersion,
} from './parse-python-version.ts'
import { parsePythonSpecifier, type SpecifierClause, specifierAdmits } from './python-specifier.ts'

export type Judgement = { readonly admits: boolean } | { readonly fault: string }

export interface EcosystemRules {
  readonly ecosystem: Ecosystem
  /** A version of this ecosystem's grammar, or false. */
  isVersion(version: string): boolean
  isPreRelease(version: string): boolean
  /** For versions that are ones (isVersion); others sort first. */
  compare(a: string, b: string): number
  /** Whether `range` admits `version`; a fault when the range is none. */
  judge(range: string, version: string): Judgement
  /** Every range's intersection, in this ecosystem's syntax; null when one does not parse. */
  intersect(ranges: readonly string[]): string | null
}

/** @example rulesOf('npm').judge('^18.0.0', '19.0.0') // { admits: false } */
export function rulesOf(ecosystem: Ecosystem): EcosystemRules {
  return ecosystem === 'npm' ? npmRules() : pypiRules()
}

function npmRules(): EcosystemRules {
  const ranges = new Map<string, semver.Range | null>()
  const rangeOf = (text: string) => {
    let range = ranges.get(text)
    if (range === undefined) {
      try {
        range = new semver.Range(text)
      } catch {
        range = null
      }
      ranges.set(text, range)
    }
    return range
  }
  const versions = new Map<string, semver.SemVer | null>()
  const parsed = (version: string) => {
    let found = versions.get(version)
    if (found === undefined) {
      found = semver.parse(version)
      versions.set(version, found)
    }
    return found
  }
  return {
    ecosystem: 'npm',
    isVersion: (version) => parsed(version) !== null,
    isPreRelease: (version) => (parsed(version)?.prerelease.length ?? 0) > 0,
    compare: (a, b) => {
      const left = parsed(a)
      const right = parsed(b)
      if (left === null || right === null) return left === null ? (right === null ? 0 : -1) : 1
      return left.compare(right)
    },
    judge: (text, version) => {
      const range = rangeOf(text)
      if (range === null) return { fault: `'${text}' is not an npm version range` }
      const candidate = parsed(version)
      return { admits: candidate !== null && range.test(candidate) }
    },
    intersect: intersectNpmRanges,
  }
}

function pypiRules(): EcosystemRules {
  const specifiers = new Map<string, readonly SpecifierClause[] | { readonly error: string }>()
  const versions = new Map<string, PythonVersion | null>()
  const versionOf = (text: string) => {
    let version = versions.get(text)
    if (version === undefined) {
      version = parsePythonVersion(text)
      versions.set(text, version)
    }
    return version
  }
  return {
    ecosystem: 'pypi',
    isVersion: (version) => versionOf(version) !== null,
    isPreRelease: (version) => {
      const parsed = versionOf(version)
      return parsed !== null && isPythonPreRelease(parsed)
    },
    compare: (a, b) => {
      const left = versionOf(a)
      const right = versionOf(b)
      if (left === null || right === null) return left === null ? (right === null ? 0 : -1) : 1
      return comparePythonVersions(left, right)
    },
    judge: (text, version) => {
      let clauses = specifiers.get(text)
      if (clauses === undefined) {
        const parsed = parsePythonSpecifier(text)
        clauses = 'error' in parsed ? parsed : parsed.clauses
        specifiers.set(text, clauses)
      }
      if ('error' in clauses)
        return { fault: `'${text}' is not a PEP 440 specifier: ${clauses.error}` }
      const candidate = versionOf(version)
      if (candidate === null) return { fault: `'${version}' is not a PEP 440 version` }
      return { admits: specifierAdmits(clauses, candidate, version) }
    },
    intersect: intersectPythonSpecifiers,
  }
}
