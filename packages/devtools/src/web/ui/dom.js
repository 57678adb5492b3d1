// @ts-check
// Small DOM helpers: h() builds HTML elements, svg() builds SVG elements. Text always goes in as text nodes.

/** @param {Element} element @param {Record<string, unknown>} attrs */
function assign(element, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue
    if (name.startsWith('on') && typeof value === 'function')
      element.addEventListener(name.slice(2), /** @type {EventListener} */ (value))
    else element.setAttribute(name, value === true ? '' : String(value))
  }
}

/** @param {Element} element @param {unknown[]} children */
function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue
    element.append(child instanceof Node ? child : document.createTextNode(String(child)))
  }
}

/** An HTML element: h('div', { class: 'x', onclick: fn }, 'text', otherElement) */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag)
  assign(element, attrs)
  append(element, children)
  return element
}

/** An SVG element. */
export function svg(tag, attrs = {}, ...children) {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag)
  assign(element, attrs)
  append(element, children)
  return element
}

/** Pretty JSON, as the API and the tests write it. */
export function pretty(value) {
  return JSON.stringify(value, null, 2)
}

/** A short one-line JSON preview. */
export function brief(value, max = 120) {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text === undefined ? '' : text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** The element with this id (the page's fixed skeleton in index.html: a missing one is a bug of the page). */
export function byId(id) {
  const element = document.getElementById(id)
  if (!element) throw new Error(`the page has no #${id}`)
  return element
}

/** Every element matching `selector`, as HTML elements. @returns {HTMLElement[]} */
export function all(selector, root = document) {
  return /** @type {HTMLElement[]} */ ([...root.querySelectorAll(selector)])
}

/** What an error says (a thrown value may be anything). */
export function messageOf(error) {
  return error instanceof Error ? error.message : String(error)
}
