// The HTML reference of a deployment, drawn in the browser from the data its page carries
// (`<script id="reference-data" type="application/json">`, written by `specpress generate`).
// One script for every deployment: the pages hold only their data, not this code nor its markup.
'use strict';

/** An element with attributes and children (strings become text, never markup). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === false) continue;
    if (key === 'hidden') node.hidden = true;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false || child === '') continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

const code = (text) => el('code', {}, text);

/** A params or fields table; `contexts` tables (resources) show each field's contexts instead of required/default. */
function fieldsTable(rows, contexts) {
  const head = ['name', 'type', ...(contexts ? ['contexts'] : ['required', 'default']), 'constraints', 'description'];
  const body = el('tbody');
  for (const row of rows) {
    const type = row.shape ? el('a', { class: 'shape-link', href: `#${row.shape}` }, row.type) : row.type;
    const middle = contexts
      ? [el('td', {}, row.contexts ?? '', row.readonly ? [' ', el('span', { class: 'tag' }, 'read-only')] : [])]
      : [el('td', {}, row.required ? 'yes' : 'no'), el('td', {}, row.default === undefined ? '' : code(row.default))];
    body.append(el('tr', {}, el('td', {}, code(row.name)), el('td', {}, type), middle, el('td', {}, row.constraints ?? ''), el('td', {}, row.description ?? '')));
    if (row.children?.length) {
      const details = el('details', {}, el('summary', {}, 'properties of ', code(row.name)), fieldsTable(row.children, contexts));
      body.append(el('tr', { class: 'nested' }, el('td', { colspan: 6 }, details)));
    }
  }
  return el('table', { class: 'fields' }, el('thead', {}, el('tr', {}, head.map((h) => el('th', {}, h)))), body);
}

function endpointView(e) {
  const response = e.response
    ? el('p', {}, e.response.many ? 'A list of ' : 'One ', el('a', { class: 'response-link', href: `#${e.response.shape}` }, e.response.name), '.')
    : el('p', {}, 'Not described.');
  const errors = e.errors?.length
    ? [
        el('h5', {}, 'Errors'),
        el(
          'table',
          { class: 'errors' },
          el('thead', {}, el('tr', {}, el('th', {}, 'status'), el('th', {}, 'code'), el('th', {}, 'when'))),
          el('tbody', {}, e.errors.map((x) => el('tr', {}, el('td', {}, String(x.status)), el('td', {}, code(x.codes)), el('td', {}, x.when)))),
        ),
      ]
    : [];
  return el(
    'article',
    { class: 'endpoint', id: e.id },
    el('h4', {}, e.methods.map((m) => el('span', { class: 'method' }, m)), ' ', code(e.operationId), e.deprecated ? [' ', el('span', { class: 'tag' }, 'deprecated')] : []),
    e.description ? el('p', {}, e.description) : [],
    el('p', {}, e.permission),
    e.params?.length ? [el('h5', {}, 'Parameters'), fieldsTable(e.params, false)] : e.argsNote ? el('p', {}, e.argsNote) : [],
    el('h5', {}, 'Response'),
    response,
    errors,
    e.example ? [el('h5', {}, 'Example'), el('pre', {}, code(e.example))] : [],
  );
}

function render(data) {
  const main = document.querySelector('main');
  const navList = document.querySelector('nav ul');
  const namespaces = new Map();
  for (const route of data.routes) {
    let ns = namespaces.get(route.namespace);
    if (ns === undefined) {
      const description = data.namespaces?.[route.namespace];
      ns = el('section', { class: 'namespace', id: route.namespaceId }, el('h2', {}, route.namespace), description ? el('p', { class: 'namespace-description' }, description) : []);
      namespaces.set(route.namespace, ns);
      navList.append(el('li', {}, el('a', { href: `#${route.namespaceId}` }, route.namespace)));
      main.append(ns);
    }
    ns.append(el('section', { class: 'route', id: route.id, 'data-search': route.search }, el('h3', {}, code(route.path)), route.endpoints.map(endpointView)));
  }
  navList.append(el('li', {}, el('a', { href: '#shapes' }, 'Shapes')));
  const shapes = el('section', { id: 'shapes' }, el('h2', {}, 'Shapes'));
  for (const s of data.shapes) {
    shapes.append(
      el(
        'section',
        { class: 'shape', id: s.id },
        el('h3', {}, s.name),
        s.description ? el('p', {}, s.description) : [],
        s.many ? el('p', {}, 'A list; each item:') : [],
        s.fields?.length ? fieldsTable(s.fields, s.hasContexts === true) : el('p', {}, 'No fixed fields.'),
      ),
    );
  }
  main.append(shapes);
}

/** Filters the routes by path, operation id or method as the reader types. */
function search(input) {
  const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const route of document.querySelectorAll('.route')) {
    const match = words.every((w) => route.dataset.search.includes(w));
    route.hidden = !match;
    if (match) shown++;
  }
  for (const ns of document.querySelectorAll('.namespace')) ns.hidden = ns.querySelector('.route:not([hidden])') === null;
  document.getElementById('no-match').hidden = shown > 0;
}

render(JSON.parse(document.getElementById('reference-data').textContent));
const input = document.getElementById('search');
input.addEventListener('input', () => search(input));
// The page is drawn after load: a link into it (#shape-Post) is followed once its target exists.
if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
