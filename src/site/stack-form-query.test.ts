import assert from 'node:assert/strict'
import { test } from 'node:test'
import { EMPTY_PLAN, readStackQuery } from './plan-query.ts'
import {
  isStackFormQuery,
  planFieldsFault,
  readStackForm,
  stackOfRows,
} from './stack-form-query.ts'

// [query the browser sends, whether it is the form, the rows, add pressed]
const FORMS: [string, boolean, [string, string][], boolean][] = [
  ['', false, [], false],
  ['kubernetes=1.31', false, [], false],
  ['name=kubernetes&version=1.31', true, [['kubernetes', '1.31']], false],
  [
    'name=+kubernetes+&version=1.31&name=&version=&upgrade=&to=',
    true,
    [
      ['kubernetes', '1.31'],
      ['', ''],
    ],
    false,
  ],
  ['name=a&version=1&add=1', true, [['a', '1']], true],
  ['add=1', true, [], true],
  // A version field without its name (a hand-written query) is a row with no name.
  ['version=1', true, [['', '1']], false],
]

for (const [query, isForm, rows, add] of FORMS) {
  test(`?${query} is ${isForm ? '' : 'not '}the stack form${isForm ? `: ${rows.length} rows` : ''}`, () => {
    assert.equal(isStackFormQuery(query), isForm)
    if (!isForm) return
    const read = readStackForm(query)
    assert.deepEqual(read.rows, rows)
    assert.equal(read.add, add)
  })
}

test('the plan fields the form sends read as the URL reads them', () => {
  const read = readStackForm(
    'name=k&version=1&upgrade=k&to=2&supported-on=2027-06-30&path=1&unknown=allow',
  )
  assert.deepEqual(read.fields, {
    upgrade: 'k',
    to: '2',
    unknown: 'allow',
    path: true,
    supportedOn: '2027-06-30',
  })
  assert.deepEqual(readStackForm('name=k&version=1&upgrade=&to=&supported-on=').fields, EMPTY_PLAN)
  // The form's own fields are no components of a stack's address.
  assert.deepEqual(readStackQuery('name=k&version=1&add=1&kubernetes=1.31').components, [
    ['kubernetes', '1.31'],
  ])
})

// [rows, the stack or the fault in words]
const ROWS: [[string, string][], [string, string][] | string][] = [
  [
    [
      ['a', '1'],
      ['', ''],
      ['b', '2'],
    ],
    [
      ['a', '1'],
      ['b', '2'],
    ],
  ],
  [[['', '']], 'Add at least one component with its version.'],
  [[['a', '']], 'Give the version of “a” you run.'],
  [[['', '1.2']], 'Give a name for the component at version “1.2”.'],
  [
    [
      ['a', '1'],
      ['a', '2'],
    ],
    '“a” is listed twice.',
  ],
  [
    Array.from({ length: 33 }, (_, at): [string, string] => [`p${at}`, '1']),
    'A stack holds at most 32 components.',
  ],
]

for (const [rows, expected] of ROWS) {
  test(`rows ${JSON.stringify(rows).slice(0, 60)} read as ${JSON.stringify(expected).slice(0, 60)}`, () => {
    assert.deepEqual(stackOfRows(rows), expected)
  })
}

// [fields, pressed Plan upgrade, the fault or null]
const PLAN_FAULTS: [Partial<typeof EMPTY_PLAN>, boolean, string | null][] = [
  [{}, false, null],
  [
    {},
    true,
    'Give the component to upgrade and its new version, or a day every component must be supported on under “Supported on”, or both.',
  ],
  [{ upgrade: 'k', to: '2' }, true, null],
  [{ supportedOn: '2027-06-30' }, true, null],
  [{ upgrade: 'k' }, false, 'Give the version to upgrade “k” to.'],
  [{ to: '2' }, false, 'Give the component to upgrade to “2”.'],
  [
    { supportedOn: '2027-02-30' },
    false,
    'Give “Supported on” as a whole date (year, month and day), or leave it empty.',
  ],
]

for (const [fields, asked, expected] of PLAN_FAULTS) {
  test(`plan fields ${JSON.stringify(fields)}${asked ? ', Plan upgrade pressed' : ''}: ${expected ?? 'fine'}`, () => {
    assert.equal(planFieldsFault({ ...EMPTY_PLAN, ...fields }, asked), expected)
  })
}
