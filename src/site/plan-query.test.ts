import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  asksPlan,
  EMPTY_PLAN,
  type PlanFields,
  planRequestOf,
  readStackQuery,
  type StackQuery,
  stackQuery,
} from './plan-query.ts'
import { stackQueryIdentity } from './site-page.ts'

const plan = (fields: Partial<PlanFields>): PlanFields => ({ ...EMPTY_PLAN, ...fields })

// [what, the query, what it reads as]
const READS: [string, string, StackQuery][] = [
  ['no query', '', { components: [], plan: null }],
  [
    'a stack alone',
    '?kubernetes=1.33.2&cnpg=v1.27.1',
    {
      components: [
        ['kubernetes', '1.33.2'],
        ['cnpg', 'v1.27.1'],
      ],
      plan: null,
    },
  ],
  [
    'a target',
    'k8s=1.31&upgrade=k8s&to=1.34',
    { components: [['k8s', '1.31']], plan: plan({ upgrade: 'k8s', to: '1.34' }) },
  ],
  [
    'one step at a time, every field',
    '?a=1&upgrade=a&to=2&unknown=allow&path=1&supported-on=2027-06-30',
    {
      components: [['a', '1']],
      plan: { upgrade: 'a', to: '2', unknown: 'allow', path: true, supportedOn: '2027-06-30' },
    },
  ],
  [
    'a day without a target',
    '?a=1&b=2&supported-on=2027-06-30',
    {
      components: [
        ['a', '1'],
        ['b', '2'],
      ],
      plan: plan({ supportedOn: '2027-06-30' }),
    },
  ],
  [
    'path written as a hand would',
    '?a=1&upgrade=a&to=2&path=true',
    { components: [['a', '1']], plan: plan({ upgrade: 'a', to: '2', path: true }) },
  ],
  [
    'path=0 is no',
    '?a=1&upgrade=a&to=2&path=0',
    { components: [['a', '1']], plan: plan({ upgrade: 'a', to: '2' }) },
  ],
  [
    'a component without its version asks no plan',
    '?a=1&upgrade=a&path=1',
    { components: [['a', '1']], plan: null },
  ],
  ['a plan without a stack is none', '?upgrade=a&to=2', { components: [], plan: null }],
  [
    'fields are trimmed, percent-encoding and + decoded',
    '?my%20app=1.0&upgrade=+my%20app+&to=%202%20',
    { components: [['my app', '1.0']], plan: plan({ upgrade: 'my app', to: '2' }) },
  ],
  [
    'the reserved names are never components, in any place',
    '?path=1&a=1&supported-on=2027-01-01&unknown=allow',
    {
      components: [['a', '1']],
      plan: plan({ path: true, supportedOn: '2027-01-01', unknown: 'allow' }),
    },
  ],
]

for (const [what, query, expected] of READS) {
  test(`the stack page's query: ${what}`, () => {
    assert.deepEqual(readStackQuery(query), expected)
    assert.deepEqual(readStackQuery(new URLSearchParams(query)), expected)
  })
}

test('at most 32 components are read from a query', () => {
  const query = Array.from({ length: 40 }, (_, index) => `c${index}=1`).join('&')
  const read = readStackQuery(`${query}&upgrade=c0&to=2`)
  assert.equal(read.components.length, 32)
  assert.deepEqual(read.components.at(-1), ['c31', '1'])
  assert.equal(read.plan?.to, '2')
})

// [the stack and plan, the query written]
const WRITES: [readonly (readonly [string, string])[], PlanFields | null, string][] = [
  [[['kubernetes', '1.33.2']], null, 'kubernetes=1.33.2'],
  [[['a', '1']], plan({ upgrade: 'a', to: '2' }), 'a=1&upgrade=a&to=2'],
  [
    [
      ['kubernetes', '1.31'],
      ['argo-cd', '2.14'],
    ],
    { upgrade: 'kubernetes', to: '1.34', unknown: 'allow', path: true, supportedOn: '2027-06-30' },
    'kubernetes=1.31&argo-cd=2.14&upgrade=kubernetes&to=1.34&unknown=allow&path=1&supported-on=2027-06-30',
  ],
  [[['a', '1']], plan({ supportedOn: '2027-06-30' }), 'a=1&supported-on=2027-06-30'],
  // Fields that ask nothing leave no trace: the URL never says what it would not read back.
  [[['a', '1']], plan({ upgrade: 'a', path: true }), 'a=1'],
  [[['my app', '1 +2']], null, 'my+app=1+%2B2'],
]

for (const [components, fields, expected] of WRITES) {
  test(`the stack page writes ?${expected}, and reads it back`, () => {
    const written = stackQuery(components, fields).toString()
    assert.equal(written, expected)
    const read = readStackQuery(written)
    assert.deepEqual(read.components, components)
    assert.deepEqual(read.plan, fields !== null && asksPlan(fields) ? fields : null)
  })
}

// [the plan's fields, the request the page sends]
const REQUESTS: [PlanFields, object][] = [
  [
    plan({ upgrade: 'kubernetes', to: '1.34' }),
    { components: [['a', '1']], target: [['kubernetes', '1.34']], unknown: 'block' },
  ],
  [
    plan({ upgrade: 'kubernetes', to: '1.34', path: true, unknown: 'allow' }),
    { components: [['a', '1']], target: [['kubernetes', '1.34']], unknown: 'allow', path: true },
  ],
  [
    plan({ supportedOn: '2027-06-30' }),
    { components: [['a', '1']], target: [], unknown: 'block', supportedOn: '2027-06-30' },
  ],
]

for (const [fields, expected] of REQUESTS) {
  test(`the plan request for ${JSON.stringify(fields)}`, () => {
    assert.deepEqual(planRequestOf([['a', '1']], fields), expected)
  })
}

// [query, the page it is kept as (null: the stack page itself)]
const IDENTITIES: [string, string | null][] = [
  ['', null],
  ['upgrade=a&to=2', null],
  // A stack alone is a page of its own too; half a plan asks none.
  ['kubernetes=1.33', '/stack?kubernetes=1.33'],
  ['a=1&upgrade=a', '/stack?a=1'],
  ['a=1&upgrade=a&to=2', '/stack?a=1&upgrade=a&to=2'],
  // Another order, another yes, a space: one page.
  ['path=true&to=2&a=1&upgrade=a', '/stack?a=1&upgrade=a&to=2&path=1'],
  ['a=1&upgrade=a&to=2&path=1', '/stack?a=1&upgrade=a&to=2&path=1'],
  ['a=1&supported-on=2027-06-30&unknown=block', '/stack?a=1&supported-on=2027-06-30'],
  // The components' order is the stack's: another order is another page.
  ['b=2&a=1&upgrade=a&to=2', '/stack?b=2&a=1&upgrade=a&to=2'],
]

for (const [query, expected] of IDENTITIES) {
  test(`the stack page asked ?${query} is kept as ${expected ?? 'the stack page'}`, () => {
    assert.equal(stackQueryIdentity(query), expected)
  })
}
