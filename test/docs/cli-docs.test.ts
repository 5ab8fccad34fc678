/**
 * docs/cli.md documents every option of every command, and no option a command lacks: for each
 * command `compat --help` lists, the options its `--help` prints and the options its section of
 * docs/cli.md (`## \`compat <command> …\``, with its subsections) names are the same set.
 *
 * A flag in the documentation belongs to the command named before it: in a code span or a line
 * of a code block, the last `compat <command>` before the flag (a usage synopsis that goes on
 * over several lines of a block keeps its command); a bare span such as `--url URL` belongs to
 * the section it is in. So `compat validate --data DIR` written in the section of `import` is a
 * cross-reference to `validate`, and `npm ci --prefix .compat` in an example belongs to no one.
 * Every cross-reference must name a real option too.
 *
 * The help comes from `bin/compat.js`, as in the other CLI tests: the built `dist/cli.js` when
 * there is one (`npm test` rebuilds a stale one first), else the sources.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { REPO_ROOT, runCompat } from '../support/run-compat.ts'

const CLI_DOC = 'docs/cli.md'
/** Every command's help has `-h, --help`; docs/cli.md says it once for all of them. */
const COMMON = new Set(['help'])

const FLAG = /(?<![\w-])--([a-z][a-z0-9-]*)/g
const COMMAND_OR_FLAG = /(?<![\w./-])compat\s+([a-z][a-z0-9-]*)|(?<![\w-])--([a-z][a-z0-9-]*)/g

// ---------------------------------------------------------------------------------------------
// What `--help` prints

/** The commands `compat --help` lists under "Commands:". */
function commandsOf(generalHelp: string): string[] {
  const block = /^Commands:\n((?: {2}\S.*\n?)+)/m.exec(generalHelp)?.[1] ?? ''
  return [...block.matchAll(/^ {2}(\S+)/gm)].map((match) => match[1] as string)
}

/**
 * The long options of one command's help: every flag of its usage synopsis, and of the option
 * terms in its "Options:" section (the lines indented by two spaces that start with a dash; the
 * description after a term is left alone).
 */
function helpOptions(help: string): Set<string> {
  const options = new Set<string>()
  const usage = /^Usage:[^\n]*(?:\n {2,}\S[^\n]*)*/m.exec(help)?.[0] ?? ''
  for (const match of usage.matchAll(FLAG)) options.add(match[1] as string)
  const section = /^Options:\n((?: .*\n?)*)/m.exec(help)?.[1] ?? ''
  for (const line of section.split('\n')) {
    if (!/^ {2}-/.test(line)) continue
    for (const flag of optionTermFlags(line)) options.add(flag)
  }
  return options
}

/** `--tls-cert FILE, --tls-key FILE  serve HTTPS …` → tls-cert, tls-key. */
function optionTermFlags(line: string): string[] {
  const flags: string[] = []
  let afterFlag = false
  for (const token of line.trim().split(/\s+/)) {
    const flag = /^(-{1,2})([a-zA-Z][a-z0-9-]*),?$/.exec(token)
    if (flag !== null) {
      if (flag[1] === '--') flags.push(flag[2] as string)
      afterFlag = true
      continue
    }
    // One metavariable may follow a flag: DIR, FILE, NAME=VERSION, exact|line, N|auto.
    if (afterFlag && (/^[A-Z][A-Z0-9_=]*,?$/.test(token) || token.includes('|'))) {
      afterFlag = false
      continue
    }
    break
  }
  return flags
}

// ---------------------------------------------------------------------------------------------
// What docs/cli.md documents

interface DocSection {
  /** The command the heading names, or null for the sections about every command. */
  readonly command: string | null
  readonly heading: string
  readonly text: string
}

function docSections(markdown: string, commands: ReadonlySet<string>): DocSection[] {
  return markdown
    .split(/^(?=## )/m)
    .filter((part) => part.startsWith('## '))
    .map((part) => {
      const heading = part.slice(3, part.indexOf('\n')).trim()
      const named = /^`compat ([a-z][a-z0-9-]*)/.exec(heading)?.[1]
      const command = named !== undefined && commands.has(named) ? named : null
      return { command, heading, text: part }
    })
}

/** A pair of a flag and the command it is written for (null: none named). */
interface FlagUse {
  readonly command: string | null
  readonly flag: string
  /** True when the command is named beside the flag, not taken from the section. */
  readonly named: boolean
}

/** Every flag of a section, with the command it belongs to (see the head of this file). */
function flagUses(section: DocSection, commands: ReadonlySet<string>): FlagUse[] {
  const uses: FlagUse[] = []
  const scan = (text: string, start: string | null, startNamed: boolean): string | null => {
    let command = start
    let named = startNamed
    for (const match of text.matchAll(COMMAND_OR_FLAG)) {
      const [, mentioned, flag] = match
      if (mentioned !== undefined) {
        if (commands.has(mentioned)) {
          command = mentioned
          named = true
        }
      } else if (flag !== undefined) {
        uses.push({ command, flag, named })
      }
    }
    return named ? command : null
  }
  const parts = section.text.split(/^```.*$/m)
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      // A code block: a line belongs to the command named on it, or on an earlier line of the
      // block; lines before any such name (another program's) belong to none.
      let carried: string | null = null
      for (const line of part.replace(/\\\n/g, ' ').split('\n')) {
        carried = scan(line, carried, carried !== null) ?? carried
      }
      return
    }
    // Prose and its code spans: a span that names a command is about that command; any other
    // flag is about the section's.
    for (const piece of part.split('`')) scan(piece, section.command, false)
  })
  return uses
}

// ---------------------------------------------------------------------------------------------
// The tests

const general = await runCompat(['--help'])
const commands = commandsOf(general.stdout)
const commandSet = new Set(commands)
const helps = new Map(
  await Promise.all(
    commands.map(async (command) => {
      const run = await runCompat([command, '--help'])
      return [command, run] as const
    }),
  ),
)
const markdown = readFileSync(`${REPO_ROOT}${CLI_DOC}`, 'utf8')
const sections = docSections(markdown, commandSet)

describe(`${CLI_DOC} and --help name the same options`, () => {
  test('compat --help lists the commands', () => {
    assert.equal(general.code, 0, general.stderr)
    assert.ok(commands.length >= 10, `too few commands read from compat --help: ${commands}`)
  })

  test(`${CLI_DOC} has a section for every command, and every command section names one`, () => {
    const documented = new Set(sections.flatMap((section) => section.command ?? []))
    const undocumented = commands.filter((command) => !documented.has(command))
    assert.deepEqual(
      undocumented,
      [],
      `no "## \`compat <command> …\`" section in ${CLI_DOC} for: ${undocumented.join(', ')}`,
    )
    const strays = sections
      .filter((section) => section.command === null && section.heading.startsWith('`compat '))
      .map((section) => section.heading)
    assert.deepEqual(strays, [], `${CLI_DOC} has sections for commands compat does not have`)
  })

  test(`${CLI_DOC} says how to get any command's help`, () => {
    assert.match(markdown, /`compat <command> --help`/)
  })

  for (const command of commands) {
    test(`compat ${command}: --help and ${CLI_DOC} name the same options`, () => {
      const help = helps.get(command)
      assert.ok(help !== undefined && help.code === 0, `compat ${command} --help failed`)
      const printed = helpOptions(help.stdout)
      for (const common of COMMON) printed.delete(common)
      assert.ok(printed.size > 0 || command === 'validate', `no options read from ${command}`)
      const documented = new Set(
        sections
          .filter((section) => section.command === command)
          .flatMap((section) => flagUses(section, commandSet))
          .filter((use) => use.command === command)
          .map((use) => use.flag)
          .filter((flag) => !COMMON.has(flag)),
      )
      const faults = [
        ...[...printed]
          .filter((flag) => !documented.has(flag))
          .map(
            (flag) =>
              `compat ${command} --help prints --${flag}, but ${CLI_DOC} does not document it in the section of compat ${command}`,
          ),
        ...[...documented]
          .filter((flag) => !printed.has(flag))
          .map(
            (flag) =>
              `${CLI_DOC} documents --${flag} for compat ${command}, but compat ${command} --help does not print it`,
          ),
      ]
      assert.deepEqual(faults, [], faults.join('\n'))
    })
  }

  test(`every "compat <command> --option" written anywhere in ${CLI_DOC} is an option of that command`, () => {
    const faults: string[] = []
    for (const section of sections) {
      for (const use of flagUses(section, commandSet)) {
        if (use.command === null || !use.named || COMMON.has(use.flag)) continue
        const help = helps.get(use.command)
        if (help === undefined || helpOptions(help.stdout).has(use.flag)) continue
        faults.push(
          `${CLI_DOC}, "${section.heading}": compat ${use.command} --${use.flag}, but compat ${use.command} --help prints no --${use.flag}`,
        )
      }
    }
    assert.deepEqual(faults, [], faults.join('\n'))
  })
})

// The readers above, on the forms they must read.
describe('reading help and docs', () => {
  test('an option term, not its description', () => {
    const cases: [string, string[]][] = [
      ['  --data DIR         check offline (default: bundled data)', ['data']],
      ['  --timeout SECONDS  how long (default 10; only with --url)', ['timeout']],
      ['  --target NAME=VERSION a version that must hold; see --data', ['target']],
      ['  --unknown block|allow block (default): an undecidable pair', ['unknown']],
      ['  --name, --website, --category NAME (repeatable)', ['name', 'website', 'category']],
      ['  --tls-cert FILE, --tls-key FILE', ['tls-cert', 'tls-key']],
      ['  --json             print the JSON', ['json']],
      ['  -h, --help         show this help', ['help']],
    ]
    for (const [line, flags] of cases) assert.deepEqual(optionTermFlags(line), flags, line)
  })

  test('a flag belongs to the command named before it, else to its section', () => {
    const text = [
      '## `compat import x --out DIR`',
      'Options: `--tag TEMPLATE`, and `compat validate --data DIR` afterwards.',
      '```yaml',
      '- run: npm ci --prefix .compat',
      '- run: compat import a \\',
      '    --project b',
      '```',
      '```text',
      'compat import a',
      '        [--timeout SECONDS]',
      '```',
    ].join('\n')
    const commandNames = new Set(['import', 'validate'])
    const [section] = docSections(text, commandNames)
    assert.ok(section !== undefined)
    const uses = flagUses(section, commandNames).map((use) => `${use.command} --${use.flag}`)
    assert.deepEqual(uses, [
      'import --out',
      'import --tag',
      'validate --data',
      'null --prefix',
      'import --project',
      'import --timeout',
    ])
  })
})
