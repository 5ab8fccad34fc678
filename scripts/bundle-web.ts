/**
 * The web page's bundle (docs/web.md, "Building"): web/src/main.ts and web/styles.css bundled
 * with esbuild and minified, written with web/index.html and web/icon.svg into dist/web/, where
 * the server reads them. `npm run build` writes it with the rest of dist/, `npm run dev` at every
 * restart; the server itself never bundles.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { WEB_BUILT_DIR, WEB_SOURCES_DIR } from '../src/package-files.ts'

/** Bundles web/ into `outDir` (dist/web/ by default). */
export async function writeWebBundle(outDir = WEB_BUILT_DIR): Promise<void> {
  const esbuild = await import('esbuild')
  const common = {
    bundle: true,
    write: false,
    minify: true,
    logLevel: 'silent',
    charset: 'utf8',
    legalComments: 'none',
  } as const
  const [script, style, shell, icon] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [`${WEB_SOURCES_DIR}src/main.ts`],
      outfile: 'app.js',
      format: 'esm',
      target: 'es2022',
    }),
    esbuild.build({ ...common, entryPoints: [`${WEB_SOURCES_DIR}styles.css`], outfile: 'app.css' }),
    readFile(`${WEB_SOURCES_DIR}index.html`),
    readFile(`${WEB_SOURCES_DIR}icon.svg`),
  ])
  await mkdir(outDir, { recursive: true })
  await Promise.all([
    writeFile(`${outDir}app.js`, outputOf(script)),
    writeFile(`${outDir}app.css`, outputOf(style)),
    writeFile(`${outDir}index.html`, shell),
    writeFile(`${outDir}icon.svg`, icon),
  ])
}

function outputOf(result: { outputFiles?: { contents: Uint8Array }[] }): Uint8Array {
  const file = result.outputFiles?.[0]
  if (file === undefined) throw new Error('esbuild produced no output')
  return file.contents
}
