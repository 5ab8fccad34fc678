/**
 * The parts of a Helm chart repository's index.yaml, and of a Chart.yaml, that
 * `compat import helm-index` reads. An index lists many charts; only the one asked for is judged.
 */
import { Type } from 'typebox'
import { NonBlankString } from './shape-reader.ts'

/** An index: its charts by name, each a list of chart versions (ChartEntrySchema). */
export const ChartIndexSchema = Type.Object({
  entries: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Chart versions by chart name.',
  }),
})

/** The versions of the chart asked for, judged one by one. */
export const ChartListSchema = Type.Array(Type.Unknown(), {
  description: 'The published versions of one chart.',
})

const CHART_FIELDS = {
  version: NonBlankString("The chart's version."),
  kubeVersion: Type.Optional(
    Type.String({ description: 'The Kubernetes versions the chart installs on, a constraint.' }),
  ),
  home: Type.Optional(Type.String({ description: "The project's website." })),
  description: Type.Optional(Type.String({ description: 'One sentence about the chart.' })),
  keywords: Type.Optional(
    Type.Array(Type.String(), { description: 'Words for search; they become categories.' }),
  ),
  urls: Type.Optional(
    Type.Array(Type.String(), {
      description: 'Where the chart archive is, the first cited; relative to the repository.',
    }),
  ),
  digest: Type.Optional(Type.String({ description: "The archive's sha256." })),
  created: Type.Optional(Type.String({ description: 'When the chart version was published.' })),
}

/** One chart version of an index. */
export const ChartEntrySchema = Type.Object({
  ...CHART_FIELDS,
  name: Type.Optional(Type.String({ description: "The chart's name." })),
})

/** A Chart.yaml: a chart version whose name says which chart it is. */
export const ChartFileSchema = Type.Object({
  ...CHART_FIELDS,
  name: NonBlankString("The chart's name; must be the one asked for."),
})
