/** `compat serve`: the API server, as `npm start` runs it, with flags over the environment. */

import cluster from 'node:cluster'
import { resolve } from 'node:path'
import { displayDataDirs } from '../../data/data-dirs.ts'
import {
  describeStartupError,
  optionsFromEnvironment,
  runServer,
  type ServerOptions,
  workersSetting,
} from '../../server.ts'
import type { CliContext } from '../cli-context.ts'
import { CliError, usageError } from '../cli-error.ts'
import { ExitCode } from '../exit-codes.ts'
import { SERVE_OPTIONS } from '../help/serve-help.ts'
import { parseCommandArgs } from '../parse-command-args.ts'
import { resolveDataDir } from '../resolve-data-dir.ts'
import { readVersionLookup } from '../version-lookup-option.ts'

const MAX_PORT = 65_535

export async function run(args: readonly string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs('serve', args, SERVE_OPTIONS)
  let fromEnvironment: ServerOptions
  try {
    fromEnvironment = optionsFromEnvironment(context.env)
  } catch (error) {
    throw new CliError(`cannot start: ${(error as Error).message}; fix the environment variable`)
  }
  if (values.host === '') throw usageError('serve', '--host needs a host name or address')
  const options: ServerOptions = {
    ...fromEnvironment,
    dataDir:
      values.data === undefined
        ? fromEnvironment.dataDir
        : await resolveDataDir('serve', values.data, context),
    port: values.port === undefined ? fromEnvironment.port : parsePort(values.port),
    host: values.host ?? fromEnvironment.host,
    versionLookup: readVersionLookup('serve', values['version-lookup'], context),
    ...tlsFiles(values['tls-cert'], values['tls-key'], fromEnvironment, context),
    workers: values.workers === undefined ? fromEnvironment.workers : parseWorkers(values.workers),
  }
  let url: string
  try {
    url = await runServer(options)
  } catch (error) {
    // The server's own message: with data faults it lists each one, as `npm start` does.
    throw new CliError(`cannot start: ${describeStartupError(error)}`)
  }
  // stdout carries the server's JSON log; this line is for the person at the terminal (once,
  // from the primary when there are workers).
  if (cluster.isPrimary) {
    const workers = (options.workers ?? 1) > 1 ? ` with ${options.workers} workers` : ''
    context.err(
      `compat serve: serving ${displayDataDirs(options.dataDir, context.cwd)} at ${url}${workers}`,
    )
  }
  return ExitCode.ok
}

/** `--tls-cert` and `--tls-key` together, over TLS_CERT_FILE and TLS_KEY_FILE. */
function tlsFiles(
  cert: string | undefined,
  key: string | undefined,
  fromEnvironment: ServerOptions,
  context: CliContext,
): Pick<ServerOptions, 'tls'> {
  if (cert === undefined && key === undefined) {
    return fromEnvironment.tls === undefined ? {} : { tls: fromEnvironment.tls }
  }
  if (cert === undefined || key === undefined || cert === '' || key === '') {
    throw usageError('serve', '--tls-cert and --tls-key go together: give both files for HTTPS')
  }
  return { tls: { certFile: resolve(context.cwd, cert), keyFile: resolve(context.cwd, key) } }
}

function parseWorkers(flag: string): number {
  try {
    return workersSetting(flag, '--workers')
  } catch (error) {
    throw usageError('serve', (error as Error).message)
  }
}

function parsePort(flag: string): number {
  const port = Number(flag)
  if (!/^\d{1,5}$/.test(flag) || port > MAX_PORT) {
    throw usageError('serve', `--port '${flag}' must be a port number from 0 to ${MAX_PORT}`)
  }
  return port
}
