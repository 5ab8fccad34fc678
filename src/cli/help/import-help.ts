/** `compat import`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'
import { timeoutOption } from './common-options.ts'

export const IMPORT_OPTIONS = {
  out: {
    type: 'string',
    value: 'DIR',
    help: 'where to write (created if missing; endoflife: the data directory whose projects are updated)',
  },
  chart: { type: 'string', value: 'NAME', help: 'helm-index: the chart to read' },
  project: {
    type: 'string',
    value: 'ID',
    help: 'the project id (default: the chart or package name)',
  },
  tag: {
    type: 'string',
    multiple: true,
    value: 'TEMPLATE',
    help: "npm, pypi: the tag a release is published from, {version} for the version (default v{version}), for the citation; repeatable as 'TEMPLATE if RANGE' for tag forms that changed ('{version} if <4.22.1' then 'v{version}'): the first that admits the release is used",
  },
  'tags-from': {
    type: 'string',
    value: 'FILE',
    help: "the repository's tags, one per line ('git tag > FILE'): a release whose tag is not listed is left out (unless it is newer than every listed tag)",
  },
  'source-url': {
    type: 'string',
    value: 'URL',
    help: 'a pinned address with {version} to cite instead (Chart.yaml files, packages without a GitHub or GitLab repository)',
  },
  name: {
    type: 'string',
    term: '--name, --website, --category NAME (repeatable)',
    help: "for a new project, instead of the metadata's own",
  },
  website: { type: 'string' },
  category: { type: 'string', multiple: true },
  timeout: timeoutOption('the registry', 60),
  map: {
    type: 'string',
    multiple: true,
    value: 'PRODUCT=PROJECT',
    help: 'endoflife: the project (id or alias) a product file is; repeatable',
  },
  commit: {
    type: 'string',
    value: 'SHA',
    help: 'endoflife: the commit of endoflife.date the files are from (default: the HEAD of their checkout, or of --git-dir)',
  },
  'git-dir': {
    type: 'string',
    value: 'DIR',
    help: 'endoflife: a clone of endoflife.date to check the files against, for a copy of products/ outside a checkout',
  },
  today: {
    type: 'string',
    value: 'YYYY-MM-DD',
    help: 'endoflife: the day written as the day read (default: COMPAT_TODAY, else today, UTC)',
  },
} as const satisfies CliOptions

export const IMPORT_HELP: CommandHelp = {
  name: 'import',
  summary:
    'Write version keys from packaging metadata (helm-index, npm, pypi), support windows from endoflife.date, or convert compatibility-fyi files',
  usage: `Usage: compat import helm-index INDEX_URL_OR_FILE... --chart NAME --out DIR [options]
       compat import npm PACKAGE_OR_SAVED_JSON --out DIR [options]
       compat import pypi PROJECT_OR_SAVED_JSON --out DIR [options]
       compat import compatibility-fyi FILE_OR_DIR... --out DIR
       compat import endoflife PRODUCTS... --out DIR [--map PRODUCT=PROJECT]...
                     [--commit SHA | --git-dir DIR] [--today YYYY-MM-DD]`,
  about: `The format is the first argument that is not a flag; flags may stand before or after
it (compat import --out DIR npm left-pad). A flag the format does not take is refused.

helm-index, npm and pypi read what every release declares in its packaging metadata
and write it to DIR/<id>.yaml (merged into the file when it exists):
  helm-index  each chart version's kubeVersion as a kubernetes entry; from a chart
              repository (its index.yaml) or saved index.yaml / Chart.yaml files
  npm         engines.node as nodejs, each peerDependencies item as a peer entry
              (@scope/name becomes scope-name); from the registry npm is configured
              for (npm_config_registry, .npmrc), or a saved package document
  pypi        requires_python as python; from PyPI's JSON API (COMPAT_PYPI_URL, or
              the index pip is configured for), or a saved JSON answer
One key per release line (1.3) where the line's releases agree, and a since key
(1.3.2) where a declaration changes inside a line; pre-releases are skipped. Helm's
-0 suffix is dropped; ^ ~ x || and hyphen ranges convert exactly. Each entry cites
the chart archive with its digest, or the repository at the release's commit
(gitHead) or tag (--tag), and is marked importedFrom: the importer rewrites and
removes only its own entries and never touches hand-written ones (reported as left
alone). A declaration that cannot be converted exactly is never guessed: it is
reported as left out, and the line documents nothing for it from that release on.
The result is validated before it is written.

compatibility-fyi converts the public compatibility service's YAML files: anchors
resolved, '33 || 34' keys expanded, npm-style ranges rewritten, sameVersion as the
same-version constraint, basis 'tested' kept; what compat cannot say is left out as
FILE:LINE. Facts imported this way are leads: check each one at its upstream source
before it enters a dataset (see data/README.md).

endoflife writes endoflife.date's product files (its products/ directory, or some
products/<slug>.md files) into the projects of DIR that they match: the release
cycles as the project's lifecycle block (releaseDate, eoas, eol, eoes, lts, latest
as they are), the identifiers added to the project's. A product matches the project
whose id or alias is its permalink, one of its alternate_urls or its file name, or
the one --map names; it never creates a project. A block marked importedFrom:
endoflife is replaced, a hand-written one left alone. Each line cites the file at
its commit: the HEAD of the checkout it is in, or of --git-dir (the file must be the
committed one), else --commit. Every input is read first: a file that is not a
product file stops the import, nothing written; a product whose result would not
validate is reported at its line and not written, and the others are.`,
  options: IMPORT_OPTIONS,
  after: `Exit codes:
  0  written, everything converted
  1  written, but something was left out (listed; endoflife: also a matched
     product not imported: a result that would not validate, an unsettled match)
  3  usage error, an unreachable or malformed source, or a result that would not
     validate: nothing written (compatibility-fyi: the other files still convert)

Examples:
  compat import helm-index https://charts.example.org --chart demo --out data/projects
  compat import npm vite --out data/projects --category build-tool
  compat import compatibility-fyi ../compatibility.fyi/data --out ./imported
  compat import endoflife ../endoflife.date/products --out data/projects \\
    --map traefik=traefik-proxy`,
}
