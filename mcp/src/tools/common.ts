// SPDX-License-Identifier: MIT
// What every tool shares: the context, the read-only annotations, common
// arguments, and the wrapper that checks the arguments and turns any failure
// into an `isError` result (no handler failure ever reaches the process).

import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ApiError, type PurseApi } from '../api.js';
import { arg, listedSchema, parseArgs, portableSchema, unexplained } from '../args.js';
import type { Rendered } from '../budget.js';
import type { KeyExpiry } from '../expiry.js';
import { PRESETS } from '../dates.js';
import { describeError } from '../errors.js';
import type { Logger } from '../log.js';
import { callStarted, type Lookups } from '../lookup.js';

export interface ToolContext {
  api: PurseApi;
  lookups: Lookups;
  log: Logger;
  /** Characters a result may use (less while the expiry warning is shown). */
  readonly budget: number;
  /** The key's expiry, for the warning in every result of its last 7 days. */
  expiry: KeyExpiry;
  now: () => Date;
}

export const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

export const teamArg = arg(z.string().trim().min(1).max(200).optional().describe(
  'Team to act on: its id or its exact name (see get_current_user). Omit for your personal data.'),
'a team id or the exact name of one of your teams (1 to 200 characters; see get_current_user)');

export const dateArg = (what: string) => arg(z.string().max(10).optional().describe(
  `${what} date, YYYY-MM-DD, inclusive (a calendar day in the time zone used).`),
'a date written YYYY-MM-DD (e.g. 2026-03-31)');

export const periodArg = arg(z.enum(PRESETS).optional().describe(
  'Preset range instead of from/to: this_month, last_month, last_30_days (today and the 29 days before), ' +
  'year_to_date, last_year. Resolved in the time zone used.'),
`one of ${PRESETS.join(', ')}`);

export const timezoneArg = arg(z.string().max(64).optional().describe(
  'IANA time zone for day and month boundaries, e.g. Europe/Berlin. Default: your profile time zone.'),
'an IANA time zone name such as Europe/Berlin, America/New_York or UTC');

export const currencyArg = arg(z.string().regex(/^[A-Z]{3}$/)
  .optional().describe('Only this currency: ISO 4217 code, upper case (see list_currencies).'),
'an upper-case ISO 4217 currency code such as EUR (see list_currencies)');

/** An account, category or tag: id or exact name. */
export const namedArg = (kind: 'account' | 'category' | 'tag', description: string) =>
  arg(z.string().trim().min(1).max(200).optional().describe(description),
    `the id or the exact name of ${kind === 'account' ? 'an' : 'a'} ${kind} (1 to 200 characters; see ` +
    `list_${kind === 'category' ? 'categories' : kind + 's'})`);

export const accountArg = namedArg('account', 'Only this account: its id or exact name (see list_accounts).');

export const rangeSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  timezone: z.string(),
  period: z.string().nullable(),
});

export const SIGN_CONVENTION =
  'Amounts are positive decimal strings in the stated currency; flow_type gives the direction: ' +
  'expense = money out, income = money in, transfer = moved from account to to_account (neither spending nor income).';

type ToolResult = Rendered & { isError?: false } | { isError: true; content: { type: 'text'; text: string }[] };

export interface ToolDef<I extends z.ZodObject, O extends z.ZodObject> {
  title: string;
  description: string;
  input: I;
  output: O;
  run: (args: z.infer<I>, signal: AbortSignal) => Promise<Rendered>;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  server: McpServer, ctx: ToolContext, name: string, def: ToolDef<I, O>): void {
  const bare = unexplained(def.input);
  if (bare.length > 0) throw new Error(`tool ${name}: arguments without a validation message: ${bare.join(', ')}`);
  server.registerTool(name, {
    title: def.title,
    description: def.description,
    inputSchema: listedSchema(def.input),
    outputSchema: portableSchema(def.output),
    annotations: { title: def.title, ...READ_ONLY },
  }, (async (raw: unknown, reqCtx: ServerContext): Promise<ToolResult> => {
    const started = Date.now();
    try {
      const args = parseArgs(name, def.input, raw);
      // Names and ids in this call resolve against lists read no earlier than now (lookup.ts).
      const out = await callStarted.run(started, () => def.run(args, reqCtx.mcpReq.signal));
      ctx.log.debug('tool ok', { tool: name, ms: Date.now() - started });
      const notice = ctx.expiry.notice();
      // After the call's own reads, at most once an hour (see expiry.ts).
      ctx.expiry.refresh(() => ctx.api.keyExpiresAt());
      return notice ? withNotice(out, notice) : out;
    } catch (err) {
      // A refused key or plan: nothing cached under it is to be trusted any more.
      if (err instanceof ApiError && err.failure.kind === 'http' && (err.failure.status === 401 || err.failure.status === 402))
        ctx.lookups.forget();
      const text = describeError(err, name);
      ctx.log.info('tool failed', { tool: name, ms: Date.now() - started, error: text });
      return { isError: true, content: [{ type: 'text', text }] };
    }
  }) as never);
}

/** The result with `notice` appended to its summary, in both channels. */
export function withNotice(r: Rendered, notice: string): Rendered {
  const summary = String(r.structuredContent.summary ?? '');
  const longer = summary ? `${summary} ${notice}` : notice;
  const text = r.content[0]!.text;
  return {
    structuredContent: { ...r.structuredContent, summary: longer },
    content: [{ type: 'text', text: text.startsWith(summary) ? longer + text.slice(summary.length) : `${notice}\n\n${text}` }],
  };
}
