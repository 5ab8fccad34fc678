import assert from 'node:assert/strict'
import { test } from 'node:test'
import { packageNameOfPurl } from './package-name-of-purl.ts'

// [purl, the package name an update bot knows it by, or null]
const CASES: readonly (readonly [string, string | null])[] = [
  ['pkg:npm/express@4.21.0', 'express'],
  ['pkg:npm/%40nestjs/core@10.4.1', '@nestjs/core'],
  ['pkg:pypi/Django@4.2.16', 'django'],
  ['pkg:maven/org.springframework/spring-core@6.1.13', 'org.springframework:spring-core'],
  ['pkg:golang/github.com/gorilla/mux@v1.8.0', 'github.com/gorilla/mux'],
  ['pkg:github/cert-manager/cert-manager@v1.15.3', 'cert-manager/cert-manager'],
  ['pkg:composer/laravel/framework@11.0.0', 'laravel/framework'],
  ['pkg:helm/cert-manager@v1.15.3', 'cert-manager'],
  ['pkg:cargo/serde@1.0.210', 'serde'],
  ['pkg:gem/rails@7.2.1', 'rails'],
  ['pkg:nuget/Newtonsoft.Json@13.0.3', 'Newtonsoft.Json'],
  ['pkg:docker/library/nginx@1.27', 'nginx'],
  ['pkg:docker/nginx@1.27', 'nginx'],
  ['pkg:docker/bitnami/redis@7.4', 'bitnami/redis'],
  // The registry is a qualifier: without it the name would be Docker Hub's, so none.
  ['pkg:docker/cloudnative-pg/postgresql@17?repository_url=ghcr.io', null],
  ['pkg:oci/postgresql@17?repository_url=ghcr.io/cloudnative-pg', null],
  ['pkg:generic/openssl@3.0.13', null],
  ['pkg:deb/debian/libpq5@16.4', null],
  ['deb/debian/libpq5@16.4', null],
  ['not a purl', null],
]

for (const [purl, name] of CASES) {
  test(`packageNameOfPurl(${purl}) is ${name}`, () => {
    assert.equal(packageNameOfPurl(purl), name)
  })
}
