/**
 * A PyPI project's releases from its JSON API answer (or a saved copy): each release's
 * `requires_python` as a `python` entry, cited to the project's repository at the release's tag.
 */

import type { Static } from 'typebox'
import { normalizePypiName } from '../../core/names/normalize-pypi-name.ts'
import { convertPythonSpecifier } from './convert-python-specifier.ts'
import {
  isPreRelease,
  nonBlankText,
  parseJsonText,
  publishedDay,
  type ReadMetadata,
  releaseSource,
  repositoryWebUrl,
  type TagNaming,
} from './packaging-metadata.ts'
import { PypiProjectSchema, PypiReleaseFilesSchema } from './pypi-json-schema.ts'
import type { PublishedRelease } from './release-line-keys.ts'
import { faultLines, formatShapeFaults, pointerTo, shapeReader } from './shape-reader.ts'

export interface PypiOptions {
  readonly name: string
  readonly today: string
  /** How releases are tagged (`--tag`, `--tags-from`). */
  readonly tags: TagNaming
  readonly sourceUrl: string | null
}

const readProject = shapeReader(PypiProjectSchema)
const readFiles = shapeReader(PypiReleaseFilesSchema)

type Info = Static<typeof PypiProjectSchema>['info']

// project_urls labels that name the code's home, in the order they are trusted.
const REPOSITORY_LABELS = /^(source|source code|repository|code|github|gitlab|homepage|home)$/i

export function readPypiJson(text: string, from: string, options: PypiOptions): ReadMetadata {
  const parsed = parseJsonText(text, from)
  if ('error' in parsed) return { ok: false, error: parsed.error }
  const read = readProject(parsed.value)
  const answer = read.value
  if (answer === undefined) {
    return {
      ok: false,
      error: `${from} is not a PyPI JSON answer: ${formatShapeFaults(read.faults)}`,
    }
  }
  const { info } = answer
  const name = nonBlankText(info.name) ?? '?'
  if (normalizePypiName(name) !== normalizePypiName(options.name)) {
    return { ok: false, error: `${from} is the PyPI answer for '${name}', not '${options.name}'` }
  }
  const repository = repositoryOfInfo(info)
  const releases: PublishedRelease[] = []
  const leftOut: string[] = faultLines(from, read)
  let preReleases = 0
  for (const [version, written] of Object.entries(answer.releases)) {
    if (isPreRelease(version)) {
      preReleases++
      continue
    }
    const readRelease = readFiles(written, pointerTo('', 'releases', version))
    leftOut.push(...faultLines(from, readRelease))
    const live = (readRelease.value ?? []).filter((file) => file.yanked !== true)
    // A release with no files, or only yanked ones, is not installable: nothing to document.
    if (live.length === 0) continue
    const source = releaseSource(
      `${name} ${version} packaging metadata (requires_python)`,
      version,
      { ...options, repository },
    )
    if ('error' in source) {
      leftOut.push(`${name} ${version}: ${source.error}; left out`)
      continue
    }
    const declared = [...new Set(live.map((file) => nonBlankText(file.requires_python)))]
    if (declared.length > 1) {
      leftOut.push(
        `${name} ${version}: its files declare different requires_python (${declared.map(String).join(', ')}); no python entry for it`,
      )
    }
    const only = declared.length === 1 ? declared[0] : null
    releases.push({
      version,
      facts:
        only === null || only === undefined
          ? []
          : [
              {
                dependency: 'python',
                field: 'requires_python',
                declared: only,
                relationship: 'runtime',
                converted: convertPythonSpecifier(only),
              },
            ],
      source: { ...source, accessedAt: options.today },
      // A release is published when its first file is.
      ...publishedDay(
        live
          .map((file) => file.upload_time_iso_8601 ?? '')
          .filter((time) => time !== '')
          .sort()[0],
      ),
    })
  }
  const keywords = nonBlankText(info.keywords)
  return {
    ok: true,
    project: {
      name,
      website: homepageOf(info) ?? repository,
      description: nonBlankText(info.summary),
      keywords:
        keywords === null ? [] : keywords.split(/[,\s]+/).filter((keyword) => keyword !== ''),
    },
    releases,
    preReleases,
    leftOut,
  }
}

function repositoryOfInfo(info: Info): string | null {
  const labelled = Object.entries(info.project_urls ?? {}).filter(([label]) =>
    REPOSITORY_LABELS.test(label.trim()),
  )
  for (const [, url] of [...labelled, ['home_page', info.home_page] as const]) {
    if (typeof url !== 'string') continue
    const repository = repositoryWebUrl(url)
    if (repository !== null) return repository
  }
  return null
}

function homepageOf(info: Info): string | null {
  const home = Object.entries(info.project_urls ?? {}).find(([label]) =>
    /^(homepage|home|documentation)$/i.test(label.trim()),
  )?.[1]
  const url = home ?? nonBlankText(info.home_page)
  return url !== null && /^https?:\/\/\S+$/.test(url) ? url : null
}
