// SPDX-License-Identifier: MIT
// Tool arguments: every argument's schema carries a sentence saying what a
// valid value looks like, and a value that fails its schema becomes a
// ToolInputError that names the argument with that sentence ("must be a month
// written YYYY-MM (e.g. 2026-03), got ...") instead of the schema library's
// generic wording ("Too big: expected string to have <=7 characters").
//
// The SDK is handed a schema that lists the arguments as JSON Schema exactly
// as before but accepts any value; the tool wrapper (tools/common.ts) checks
// the arguments itself with `parseArgs`, so a bad value gets the same kind of
// answer as any other bad argument.

import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type * as z from 'zod/v4';
import { ToolInputError } from './errors.js';

const EXPECTS = new WeakMap<object, string>();

/** Registers what a valid value of an argument is; returns the same schema. Apply it last (after optional/describe). */
export function arg<T extends z.ZodType>(schema: T, expects: string): T {
  EXPECTS.set(schema, expects);
  return schema;
}

/** The arguments of an input schema that have no sentence (a tool must have none). */
export function unexplained(input: z.ZodObject): string[] {
  return Object.entries(input.shape).filter(([, s]) => !EXPECTS.has(s as object)).map(([name]) => name);
}

/** The JSON Schema of `input` for tools/list, with a validation that lets everything through to the tool. */
export function listedSchema(input: z.ZodObject): StandardSchemaWithJSON {
  const std = input['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: 'purse-mcp',
      validate: (value: unknown) => ({ value }),
      jsonSchema: portableJsonSchema(std.jsonSchema),
    },
  } as StandardSchemaWithJSON;
}

/** `output` validated by zod as it is, its JSON Schema written portably (see `portable`). */
export function portableSchema(output: z.ZodObject): StandardSchemaWithJSON {
  const std = output['~standard'];
  return {
    '~standard': { version: 1, vendor: 'purse-mcp', validate: std.validate, jsonSchema: portableJsonSchema(std.jsonSchema) },
  } as StandardSchemaWithJSON;
}

type JsonSchemaConverter = z.ZodObject['~standard']['jsonSchema'];

function portableJsonSchema(j: JsonSchemaConverter): JsonSchemaConverter {
  return {
    input: (o) => portable(j.input(o)) as Record<string, unknown>,
    output: (o) => portable(j.output(o)) as Record<string, unknown>,
  };
}

/** Keywords that annotate a value rather than constrain its type: they stay on the outer schema. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', '$schema']);

/**
 * A JSON Schema with every `type: [A, B, ...]` (zod writes nullable values
 * as `["string", "null"]`) split into `anyOf` branches of one type each,
 * the form every client dialect reads. Pure; the meaning is unchanged.
 */
export function portable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(portable);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'const' || k === 'enum' || k === 'default' ? v : portable(v);
  if (!Array.isArray(out.type)) return out;
  const types = out.type as string[];
  if (types.length === 1) return { ...out, type: types[0] };
  const outer: Record<string, unknown> = {};
  const inner: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(out)) {
    if (k === 'type') continue;
    (ANNOTATIONS.has(k) ? outer : inner)[k] = v;
  }
  // Constraints go on the branch of the type they belong to; null stands alone.
  const branch = (t: string) => (t === 'null' ? { type: 'null' } : { type: t, ...constraintsFor(t, inner) });
  return { ...outer, anyOf: types.map(branch) };
}

const FOR_TYPE: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems', 'prefixItems', 'contains'],
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'],
  boolean: [],
};

function constraintsFor(type: string, inner: Record<string, unknown>): Record<string, unknown> {
  const keep = FOR_TYPE[type];
  return Object.fromEntries(Object.entries(inner).filter(([k]) => (keep ? keep.includes(k) : true) || k === 'enum' || k === 'const'));
}

function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? text.slice(0, 57) + '...' : text;
}

/** Checks `raw` against `input`; throws a ToolInputError naming every bad argument. */
export function parseArgs<I extends z.ZodObject>(tool: string, input: I, raw: unknown): z.infer<I> {
  const args = raw ?? {};
  if (typeof args !== 'object' || Array.isArray(args))
    throw new ToolInputError('arguments', `${tool} takes an object of named arguments, got ${shown(raw)}.`);
  const r = input.safeParse(args);
  if (r.success) return r.data;
  const known = Object.keys(input.shape);
  const errors = new Map<string, ToolInputError>();
  for (const issue of r.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        errors.set(key, new ToolInputError(key, `${tool} has no argument "${key}"; its arguments are ${known.join(', ')}.`));
      continue;
    }
    const name = String(issue.path[0] ?? 'arguments');
    if (errors.has(name)) continue;
    const expects = EXPECTS.get(input.shape[name] as object);
    const value = (args as Record<string, unknown>)[name];
    const what = expects ?? issue.message;
    errors.set(name, new ToolInputError(name, value === undefined
      ? `is required: ${what}.`
      : `must be ${what}, got ${shown(value)}.`));
  }
  const [first, ...more] = [...errors.values()];
  throw new ToolInputError(first!.argument, first!.message, more);
}
