/**
 * `compat stack --from … --write stack.yaml`: the derived stack as a stack file
 * (docs/cli.md, "Stack files") that `compat stack`, `plan` and `renovate` read, with a header
 * saying where it came from and, beside each component, the file and place it was found.
 */
import { writeFile } from 'node:fs/promises'
import { valueFault } from '../api/value-rules.ts'
import { parseVersion } from '../core/version/parse-version.ts'
import type { DerivedFile, MergedComponent } from '../data/stack-files/merge-derived-stacks.ts'
import { CliError } from './cli-error.ts'
import { describeCounts } from './describe-derived.ts'

export interface DerivedStackFile {
  /** The options it was derived with, as typed: `--from sbom.json` (and `--data DIR`). */
  readonly from: string
  /** The file written, as shown. */
  readonly target: string
  /** The day it was written, YYYY-MM-DD. */
  readonly today: string
  /** The data it was matched against: `the bundled data`, `the data in ./ours`. */
  readonly data: string
  readonly files: readonly DerivedFile[]
  readonly components: readonly MergedComponent[]
}

/**
 * The file's text. A version the stack file format does not read (not a recognizable version)
 * is written as a comment, so that the file still reads; `left` names them.
 *
 * @example derivedStackFileText({ from: '--from version.json', target: 'stack.yaml', … }).text // '# Derived by `compat stack --from version.json --write stack.yaml` on 2026-11-28,\n…'
 */
export function derivedStackFileText(derived: DerivedStackFile): {
  readonly text: string
  readonly written: number
  readonly left: readonly string[]
} {
  const command = `compat stack ${derived.from}`
  const header = [
    `# Derived by \`${command} --write ${derived.target}\` on ${derived.today},`,
    `# matched against ${derived.data}:`,
    ...derived.files.map((file) => `#   ${describeCounts(file)}`),
    '# Each component below is a catalogued project (by its id) at the version the files name,',
    '# with where it was found beside it. What matched no catalogued project is not here; see it',
    `# with \`${command}\`.`,
    `# Check this file with \`compat stack ${derived.target}\` (docs/cli.md, "Stack files").`,
  ]
  const lines: string[] = []
  const left: string[] = []
  for (const component of derived.components) {
    const found = component.foundAt
      .map(
        ({ file, name, location, by }) => `${file} ${location || '(the file)'}: ${name}, by ${by}`,
      )
      .join('; ')
    const key = yamlKey(component.project)
    const version = JSON.stringify(component.version)
    if (valueFault(component.version) !== null || parseVersion(component.version) === null) {
      left.push(`${component.project} ${component.version}`)
      lines.push(`  # ${key}: ${version}  # not a recognizable version, so not written; ${found}`)
      continue
    }
    if (component.packages.length === 0) {
      lines.push(`  ${key}: ${version}  # ${found}`)
      continue
    }
    lines.push(
      `  ${key}:  # ${found}`,
      `    version: ${version}`,
      `    packages: [${component.packages.map((name) => JSON.stringify(name)).join(', ')}]`,
    )
  }
  const text = [...header, 'components:', ...lines].map(withoutControlCharacters).join('\n')
  return { text: `${text}\n`, written: derived.components.length - left.length, left }
}

/** A project id is a plain YAML key; anything else is quoted. */
function yamlKey(name: string): string {
  return /^[a-z0-9][a-z0-9._-]*$/.test(name) ? name : JSON.stringify(name)
}

/** A comment ends at a line break: a file name with one must not end it early. */
function withoutControlCharacters(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  return line.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd')
}

/**
 * Writes `text` to `path`; an existing file is replaced only with `force`, and the refusal
 * leaves it as it was (the check and the write are one step).
 */
export async function writeStackFile(
  path: string,
  shown: string,
  text: string,
  force: boolean,
): Promise<void> {
  try {
    await writeFile(path, text, { flag: force ? 'w' : 'wx' })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw existsError(shown)
    throw new CliError(`cannot write ${shown}: ${(error as Error).message}`)
  }
}

/** The refusal to replace a file. */
export function existsError(shown: string): CliError {
  return new CliError(
    `${shown} exists; give --force to replace it, or --write another path (nothing written)`,
  )
}
