/**
 * `pyproject.toml`: the Python a project admits — `[project] requires-python` (PEP 621, a PEP
 * 440 specifier set) and Poetry's `[tool.poetry.dependencies] python` (Poetry's constraints:
 * `^3.9`, `~3.10`, `>=3.8,<4.0`). A range, judged by the oldest line it admits.
 */
import type { Declaration } from '../../core/scan/scan-declaration.ts'
import { convertPythonSpecifier } from '../import/convert-python-specifier.ts'
import { convertRange } from '../import/convert-range.ts'
import type { RepositoryFileReader } from './file-reading.ts'
import { isTable, parseToml } from './read-mise-toml.ts'
import { tomlKeyLine } from './toml-key-line.ts'
import { writtenRange } from './written-range.ts'

/** @example readPyproject('[project]\nrequires-python = ">=3.9"\n', 'pyproject.toml', context).declarations[0]?.declared // { range: '>=3.9', ranges: ['>=3.9'] } */
export const readPyproject: RepositoryFileReader = (text, file) => {
  const read = parseToml(text)
  if ('fault' in read)
    return { declarations: [], faults: [{ file, line: read.line, reason: read.fault }] }
  const declarations: Declaration[] = []
  const project = read.value.project
  const requires = isTable(project) ? project['requires-python'] : undefined
  if (typeof requires === 'string') {
    declarations.push({
      component: 'python',
      kind: 'requires-python',
      text: requires,
      declared: writtenRange(requires, convertPythonSpecifier),
      location: { file, line: tomlKeyLine(text, ['project', 'requires-python']) },
    })
  }
  const tool = read.value.tool
  const poetry = isTable(tool) ? tool.poetry : undefined
  const dependencies = isTable(poetry) ? poetry.dependencies : undefined
  const python = isTable(dependencies) ? dependencies.python : undefined
  if (typeof python === 'string') {
    declarations.push({
      component: 'python',
      kind: 'requires-python',
      text: python,
      declared: writtenRange(python, (text) => convertRange(text.replace(/\s*,\s*/g, ' '))),
      location: { file, line: tomlKeyLine(text, ['tool', 'poetry', 'dependencies', 'python']) },
    })
  }
  return { declarations, faults: [] }
}
