import assert from 'node:assert/strict'
import { test } from 'node:test'
import { el, srOnly } from './markup.ts'
import { renderHtml } from './render-html.ts'

// Columns: markup, the HTML it renders to.
const CASES = [
  [el('p', {}, 'plain'), '<p>plain</p>'],
  [el('p', {}, '<script>&"'), '<p>&lt;script&gt;&amp;&quot;</p>'],
  [el('a', { href: '/x?a=1&b="2"' }, 'x'), '<a href="/x?a=1&amp;b=&quot;2&quot;">x</a>'],
  [
    el('input', { type: 'checkbox', checked: true, disabled: false }),
    '<input type="checkbox" checked>',
  ],
  [
    el('td', { class: null, hidden: undefined }, null, false, ['a', ['b']], undefined),
    '<td>ab</td>',
  ],
  [el('li', {}, srOnly('hidden')), '<li><span class="visually-hidden">hidden</span></li>'],
  [el('meta', { charset: 'utf-8' }), '<meta charset="utf-8">'],
] as const

test('renderHtml escapes text and attribute values and drops absent children', () => {
  for (const [markup, html] of CASES) assert.equal(renderHtml(markup), html)
})

test('a list of markup renders in order', () => {
  assert.equal(renderHtml([el('h1', {}, 'A'), 'b', el('p', {}, 'c')]), '<h1>A</h1>b<p>c</p>')
})
