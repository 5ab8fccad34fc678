/** Names of the same software that are not equal after removing punctuation: validation reports two of one group unless both name one project (docs: data/README.md, "Dependency keys"). */
// Each group lists the spellings of one software; the last one is the spelling the dataset uses.
export const KEY_SYNONYMS: readonly (readonly string[])[] = [
  ['pgsql', 'postgres', 'postgresql'],
  ['k8s', 'kubernetes'],
  ['node', 'nodejs'],
  ['mongo', 'mongodb'],
  ['sql-server', 'mssql'],
  ['oracle-database', 'oracle'],
  ['aurora-postgresql', 'amazon-aurora-postgresql'],
  ['amazon-aurora-mysql', 'aurora-mysql'],
  ['sqlite3', 'sqlite'],
  ['golang', 'go'],
  ['jdk', 'openjdk', 'java'],
  ['el', 'expression-language'],
  ['jsp', 'pages'],
  ['apache', 'httpd', 'apache-httpd'],
  ['traefik', 'traefik-proxy'],
  ['red-hat-enterprise-linux', 'rhel'],
]
