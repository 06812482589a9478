// SPDX-License-Identifier: GPL-2.0-or-later
// The document as a checker: which operation a request hits, which statuses
// it documents, and whether a body and headers match the document (Ajv in
// JSON Schema 2020-12 mode, which is OpenAPI 3.1's dialect).
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { prefix } from './env.mjs';

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const DOC_ID = 'https://purse.invalid/openapi.json';

const escape = (s) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows a local $ref ("#/components/...") to its target object. */
export function deref(doc, obj) {
  let seen = 0;
  while (obj && typeof obj === 'object' && typeof obj.$ref === 'string' && obj.$ref.startsWith('#/')) {
    if (++seen > 20) throw new Error(`$ref loop at ${obj.$ref}`);
    obj = pointer(doc, obj.$ref.slice(1));
  }
  return obj;
}

export function pointer(doc, ptr) {
  let cur = doc;
  for (const raw of ptr.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === undefined || cur === null || !(key in cur)) throw new Error(`unresolvable pointer #${ptr}`);
    cur = cur[key];
  }
  return cur;
}

/** Every operation: { method, path, op, pointer }. */
export function operations(doc) {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of METHODS)
      if (item[method]) out.push({ method, path, op: item[method], pointer: `/paths/${escape(path)}/${method}` });
  return out;
}

/** Placeholder names do not matter: `/teams/{team}/x/{id}` → `/teams/{}/x/{}`. */
export const normalise = (path) => path.replace(/\{[^}]*\}/g, '{}');

export class Contract {
  constructor(doc) {
    this.doc = doc;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(doc, DOC_ID);
    this.cache = new Map();
    this.ops = operations(doc).map((o) => {
      const segs = o.path.split('/').slice(1);
      return { ...o, segs, literal: segs.filter((s) => !s.startsWith('{')).length };
    });
    // Literal segments win over placeholders (e.g. /docs/{asset} vs a fixed path).
    this.ops.sort((a, b) => b.literal - a.literal);
  }

  /** A validator for the schema at a JSON pointer into the document. */
  validatorAt(ptr) {
    if (!this.cache.has(ptr)) this.cache.set(ptr, this.ajv.compile({ $ref: `${DOC_ID}#${ptr}` }));
    return this.cache.get(ptr);
  }

  validate(ptr, value) {
    const v = this.validatorAt(ptr);
    const ok = v(value);
    return { ok, errors: ok ? [] : v.errors.map((e) => `${e.instancePath || '/'} ${e.message}${e.params && e.params.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`) };
  }

  /** The operation a method and URL path hit, or null; HEAD maps to GET. */
  match(method, urlPath) {
    let m = method.toLowerCase();
    if (m === 'head') m = 'get';
    if (!urlPath.startsWith(prefix)) return null;
    let p = urlPath.slice(prefix.length);
    if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
    const segs = p.split('/').slice(1);
    for (const o of this.ops) {
      if (o.method !== m || o.segs.length !== segs.length) continue;
      let ok = true;
      for (let i = 0; i < segs.length && ok; i++) {
        if (o.segs[i].startsWith('{')) ok = segs[i].length > 0;
        else ok = o.segs[i] === segs[i];
      }
      if (ok) return o;
    }
    return null;
  }

  /** True when some operation has this path shape (any method). */
  pathExists(urlPath) {
    return ['get', 'post', 'put', 'patch', 'delete'].some((m) => this.match(m, urlPath));
  }

  /**
   * Checks one answer against an operation: status documented, required
   * headers present and well-formed, JSON body valid. Returns a list of
   * problems (empty when it conforms) and whether the body was validated.
   */
  checkResponse(op, status, contentType, headers, bodyText, { isHead = false } = {}) {
    const problems = [];
    const responses = op.op.responses || {};
    const key = String(status);
    if (!(key in responses)) {
      problems.push(`status ${status} is not documented for ${op.method.toUpperCase()} ${op.path} (documented: ${Object.keys(responses).join(', ')})`);
      return { problems, validated: false };
    }
    const respPtr = responses[key].$ref ? responses[key].$ref.slice(1) : `${op.pointer}/responses/${key}`;
    const resp = deref(this.doc, responses[key]);
    const lower = Object.fromEntries(Object.entries(headers || {}).map(([k, v]) => [k.toLowerCase(), v]));
    for (const [name, hRaw] of Object.entries(resp.headers || {})) {
      const h = deref(this.doc, hRaw);
      const value = lower[name.toLowerCase()];
      if (value === undefined) {
        if (h.required) problems.push(`required header ${name} missing on ${status}`);
        continue;
      }
      const schema = h.schema || {};
      let v = value;
      const types = [].concat(schema.type || []);
      if (types.includes('integer') || types.includes('number')) {
        if (!/^-?[0-9]+$/.test(value)) { problems.push(`header ${name}: ${JSON.stringify(value)} is not an integer`); continue; }
        v = Number(value);
      }
      const r = this.ajv.validate(schema, v);
      if (!r) problems.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(this.ajv.errors)}`);
    }
    const content = resp.content;
    if (!content) {
      if (bodyText && bodyText.length > 0) problems.push(`status ${status} documents no body but one was sent`);
      return { problems, validated: false };
    }
    if (isHead) return { problems, validated: false };
    const mediaType = (contentType || '').split(';')[0].trim().toLowerCase();
    const media = Object.keys(content).find((m) => m.toLowerCase() === mediaType);
    if (!media) {
      problems.push(`content type ${JSON.stringify(contentType)} is not documented for ${status} (documented: ${Object.keys(content).join(', ')})`);
      return { problems, validated: false };
    }
    if (mediaType !== 'application/json') return { problems, validated: false };
    let body;
    try {
      body = JSON.parse(bodyText);
    } catch (e) {
      problems.push(`body is not JSON: ${e.message}`);
      return { problems, validated: false };
    }
    const schemaPtr = `${respPtr}/content/${escape(media)}/schema`;
    const r = this.validate(schemaPtr, body);
    for (const e of r.errors) problems.push(`body ${e}`);
    if (body && typeof body === 'object' && body.meta && typeof body.meta.code === 'number' && body.meta.code !== status)
      problems.push(`meta.code ${body.meta.code} differs from the status ${status}`);
    return { problems, validated: true };
  }
}
