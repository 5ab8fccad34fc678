/**
 * The production server: the only place that reads the environment and listens.
 * PORT, HOST, COMPAT_DATA_DIR, LOG_LEVEL, CACHE_MAX_AGE.
 */
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { formatFault, sortFaults } from './data/format-fault.ts'
import { loadDataset } from './data/load-dataset.ts'
import { buildApp } from './http/app.ts'
import { DatasetHolder } from './http/dataset-holder.ts'
import { DEFAULT_CACHE_MAX_AGE_SECONDS } from './http/limits.ts'

export const BUNDLED_DATA_DIR = fileURLToPath(new URL('../data/projects', import.meta.url))

export interface ServerOptions {
  readonly dataDir: string
  readonly port: number
  readonly host: string
  readonly logLevel: string
  readonly cacheMaxAge: number
}

export interface RunningServer {
  readonly app: FastifyInstance
  readonly url: string
}

export function optionsFromEnvironment(env: NodeJS.ProcessEnv): ServerOptions {
  return {
    dataDir: env.COMPAT_DATA_DIR || BUNDLED_DATA_DIR,
    port: integerSetting(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    logLevel: env.LOG_LEVEL || 'info',
    cacheMaxAge: integerSetting(env, 'CACHE_MAX_AGE', DEFAULT_CACHE_MAX_AGE_SECONDS),
  }
}

function integerSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got '${text}'`)
  return Number(text)
}

/** Loads and validates the data, then listens; refuses to start on any data fault. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const result = await loadDataset(options.dataDir)
  if (!result.ok) {
    const lines = sortFaults(result.faults).map((fault) => formatFault(fault))
    throw new Error(
      `the dataset in ${options.dataDir} has ${lines.length} fault(s):\n${lines.join('\n')}`,
    )
  }
  const holder = new DatasetHolder()
  holder.replace(result.loaded)
  const app = await buildApp({
    holder,
    cacheMaxAge: options.cacheMaxAge,
    logger: { level: options.logLevel },
  })
  const url = await app.listen({ port: options.port, host: options.host })
  app.log.info(
    { projects: result.loaded.dataset.projects.size, entries: result.loaded.dataset.entryCount },
    'dataset loaded',
  )
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'closing')
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    })
  }
  return { app, url }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await startServer(optionsFromEnvironment(process.env))
  } catch (error) {
    console.error(`compat: cannot start: ${(error as Error).message}`)
    process.exit(1)
  }
}
