/** `compat serve`: its options, as parseArgs reads them, and its help. */
import type { CliOptions, CommandHelp } from './command-help.ts'

export const SERVE_OPTIONS = {
  data: {
    type: 'string',
    value: 'DIR',
    help: 'the data directory (default: COMPAT_DATA_DIR, else the bundled data)',
  },
  port: {
    type: 'string',
    value: 'N',
    help: 'the port to listen on, 0 for any free port (default: PORT, else 8080)',
  },
  host: {
    type: 'string',
    value: 'H',
    help: 'the address to listen on (default: HOST, else 127.0.0.1)',
  },
  'version-lookup': {
    type: 'string',
    value: 'exact|line',
    help: 'how checks find a project version: exact key only (default), or also the most specific documented line (default: COMPAT_VERSION_LOOKUP)',
  },
  'tls-cert': {
    type: 'string',
    term: '--tls-cert FILE, --tls-key FILE',
    help: 'serve HTTPS with this PEM certificate (chain) and key; SIGHUP reloads them with the data (default: TLS_CERT_FILE, TLS_KEY_FILE)',
  },
  'tls-key': { type: 'string' },
  workers: {
    type: 'string',
    value: 'N|auto',
    help: 'worker processes sharing the port, auto for one per core; reloaded and stopped together (default: COMPAT_WORKERS, else 1)',
  },
} as const satisfies CliOptions

export const SERVE_HELP: CommandHelp = {
  name: 'serve',
  summary: 'Run the HTTP API server (like npm start)',
  usage: `Usage: compat serve [--data DIR] [--port N] [--host H] [--version-lookup exact|line]
                    [--tls-cert FILE --tls-key FILE] [--workers N|auto]`,
  about: `Runs the HTTP API. Settings come from the environment as for npm start (PORT, HOST,
COMPAT_DATA_DIR, LOG_LEVEL, CACHE_MAX_AGE, COMPAT_VERSION_LOOKUP, TLS_CERT_FILE,
TLS_KEY_FILE, COMPAT_WORKERS, COMPAT_RATE_LIMIT, COMPAT_TRUST_PROXY); flags override them. The server refuses
to start on data with faults. The JSON log goes to stdout; stop with Ctrl-C or SIGTERM.`,
  options: SERVE_OPTIONS,
  after: `Exit codes: 0 after a clean stop; 3 when the server cannot start (any start-up error).

Example:
  compat serve --port 3000 --host 0.0.0.0`,
}
