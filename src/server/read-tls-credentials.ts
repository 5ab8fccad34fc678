/** The certificate and key files of HTTPS, read and proven a usable pair before they serve. */
import { readFile } from 'node:fs/promises'
import { createSecureContext } from 'node:tls'
import type { TlsCredentials } from '../http/server-options.ts'
import type { ServerOptions } from './settings.ts'

/** Reads and checks the certificate and key; the error names the file and what is wrong. */
export async function readTlsCredentials(
  files: NonNullable<ServerOptions['tls']>,
): Promise<TlsCredentials> {
  const read = async (name: string, file: string) => {
    try {
      return await readFile(file)
    } catch (error) {
      throw new Error(
        `cannot read the ${name} '${file}' (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      )
    }
  }
  const credentials = {
    cert: await read('certificate', files.certFile),
    key: await read('key', files.keyFile),
  }
  try {
    createSecureContext(credentials)
  } catch (error) {
    throw new Error(
      `the certificate '${files.certFile}' and key '${files.keyFile}' are not a usable pair (${(error as Error).message})`,
    )
  }
  return credentials
}
