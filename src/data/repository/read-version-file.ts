/**
 * The one-line version files of runtimes' version managers: `.nvmrc` and `.node-version`
 * (nvm, fnm, nodenv, setup-node's `node-version-file`), `.python-version` (pyenv, uv; one
 * version a line, the first the default), and `runtime.txt` (`python-3.12.4`, as Heroku-style
 * platforms read it). Comments (`#`) and blank lines are skipped.
 */
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import type { RepositoryFileReader } from './file-reading.ts'
import { pinnedVersion } from './pinned-version.ts'

/** Python distributions pyenv installs beside CPython: each its own component, not python. */
const PYTHON_DISTRIBUTIONS =
  /^(pypy|graalpy|anaconda|miniconda|miniforge|mambaforge|micropython|jython|ironpython|stackless|activepython|pyston|cinder|nogil)/i

/** @example readNodeVersionFile('v20.11.1\n', '.nvmrc', context).declarations[0]?.declared // { version: 'v20.11.1' } */
export const readNodeVersionFile: RepositoryFileReader = (text, file) => ({
  declarations: versionLines(text, { first: true }).map(({ value, line }) =>
    declaration('nodejs', value, file, line),
  ),
  faults: [],
})

/** @example readPythonVersionFile('3.12\n3.11\n', '.python-version', context).declarations.length // 2 */
export const readPythonVersionFile: RepositoryFileReader = (text, file) => ({
  declarations: versionLines(text, { first: false }).map(({ value, line }) => {
    const distribution = PYTHON_DISTRIBUTIONS.exec(value)?.[1]
    if (distribution === undefined) return declaration('python', value, file, line)
    const rest = value.slice(distribution.length).replace(/^[-.]?/, '')
    return {
      ...declaration(distribution.toLowerCase(), rest, file, line),
      text: value,
    }
  }),
  faults: [],
})

/** @example readRuntimeTxt('python-3.12.4\n', 'runtime.txt', context).declarations[0]?.declared // { version: '3.12.4' } */
export const readRuntimeTxt: RepositoryFileReader = (text, file) => {
  const [first] = versionLines(text, { first: true })
  if (first === undefined) return { declarations: [], faults: [] }
  const dash = first.value.lastIndexOf('-')
  if (dash === -1) {
    return {
      declarations: [],
      faults: [
        {
          file,
          line: first.line,
          reason: `'${first.value}' is not RUNTIME-VERSION (such as python-3.12.4)`,
        },
      ],
    }
  }
  const runtime = first.value.slice(0, dash).toLowerCase()
  return {
    declarations: [
      { ...declaration(runtime, first.value.slice(dash + 1), file, first.line), text: first.value },
    ],
    faults: [],
  }
}

function declaration(component: string, value: string, file: string, line: number): Declaration {
  return {
    component,
    kind: 'version-file',
    text: value,
    declared: pinnedVersion(value),
    location: { file, line },
  }
}

/** The lines that hold a value, trimmed, comments removed; with `first`, only the first. */
function versionLines(
  text: string,
  { first }: { readonly first: boolean },
): { value: string; line: number }[] {
  const found: { value: string; line: number }[] = []
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const value = (lines[index] as string).replace(/#.*/, '').trim()
    if (value === '') continue
    found.push({ value, line: index + 1 })
    if (first) break
  }
  return found
}
