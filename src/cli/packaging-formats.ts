/** The packaging metadata `compat import` reads (docs/cli.md, "compat import"). */
export const PACKAGING_FORMATS = ['helm-index', 'npm', 'pypi'] as const
export type PackagingFormat = (typeof PACKAGING_FORMATS)[number]
