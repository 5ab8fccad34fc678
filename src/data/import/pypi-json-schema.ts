/**
 * The parts of a PyPI JSON API answer (`/pypi/<project>/json`) that `compat import pypi`
 * reads. PyPI writes null or an empty text for what a project does not say.
 */
import { Type } from 'typebox'
import { NonBlankString } from './shape-reader.ts'

const OptionalText = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Null()], { description }))

/** The answer itself: the releases' files are judged one release at a time, only those read. */
export const PypiProjectSchema = Type.Object({
  info: Type.Object(
    {
      name: NonBlankString('The project name; must be the one asked for, normalized.'),
      summary: OptionalText('One sentence about the project.'),
      keywords: OptionalText('Keywords, separated by commas or spaces.'),
      home_page: OptionalText("The project's home page (an older field than project_urls)."),
      project_urls: Type.Optional(
        Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()], {
          description: 'Addresses by label (Homepage, Source, …).',
        }),
      ),
    },
    { description: 'The project, as its latest release describes it.' },
  ),
  releases: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Each release and its files (PypiReleaseFilesSchema).',
  }),
})

/** The files of one release: what each needs of Python, and whether it was withdrawn. */
export const PypiReleaseFilesSchema = Type.Array(
  Type.Object({
    requires_python: OptionalText('The Python versions the file installs on, a specifier.'),
    yanked: Type.Optional(Type.Boolean({ description: 'Withdrawn: not installed by default.' })),
    upload_time_iso_8601: OptionalText('When the file was uploaded.'),
  }),
  { description: 'The files of a release; none, or only yanked ones, means not installable.' },
)
