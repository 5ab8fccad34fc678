/** Self-signed certificates for HTTPS tests, made with openssl (Debian's openssl package). */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Certificate {
  readonly certFile: string
  readonly keyFile: string
  readonly cert: Buffer
}

/** A certificate for 127.0.0.1 and localhost, valid for a day, written into `dir`. */
export function selfSigned(dir: string, name: string): Certificate {
  const certFile = join(dir, `${name}.crt`)
  const keyFile = join(dir, `${name}.key`)
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      // An ECDSA P-256 key: made in milliseconds, where an RSA key took up to a second of CPU.
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  )
  return { certFile, keyFile, cert: readFileSync(certFile) }
}
