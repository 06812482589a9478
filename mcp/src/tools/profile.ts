// SPDX-License-Identifier: MIT
// Profile tools: who the key belongs to, and how much quota is left.

import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { render } from '../budget.js';
import { ToolInputError } from '../errors.js';
import { defineTool, teamArg, type ToolContext } from './common.js';

const team = z.object({ id: z.string(), name: z.string(), role: z.string() });
const bucket = z.object({ limit: z.number(), remaining: z.number(), reset_seconds: z.number() });

export function registerProfileTools(server: McpServer, ctx: ToolContext): void {
  defineTool(server, ctx, 'get_current_user', {
    title: 'Current user',
    description:
      'Who the API key belongs to: id, e-mail, name, plan, default currency, profile time zone (used for dates ' +
      'and presets unless a tool gets "timezone"), and the teams you belong to with your role. ' +
      'Call this first to learn the team ids and names that the other tools accept in "team". ' +
      'With "team", also confirms your membership of that team.',
    input: z.object({ team: teamArg }).strict(),
    output: z.object({
      summary: z.string(),
      user: z.object({
        id: z.string(), email: z.string(), name: z.string(), plan: z.string(),
        default_currency: z.string(), timezone: z.string(),
      }),
      teams: z.array(team),
      team: team.nullable(),
    }),
    run: async (args, signal) => {
      // Read afresh (and kept for name resolution): the key is checked, and new teams are known at once.
      const me = await ctx.lookups.me(signal, Date.now());
      let selected: z.infer<typeof team> | null = null;
      if (args.team) {
        const scope = await ctx.lookups.scope(args.team, signal);
        selected = me.teams.find((t) => t.id === scope) ?? null;
        if (!selected)
          throw new ToolInputError('team', `you are not a member of team "${args.team}". Your teams: ` +
            (me.teams.map((t) => `"${t.name}" (${t.id})`).join(', ') || 'none') + '.');
      }
      const teams = me.teams.map((t) => ({ id: t.id, name: t.name, role: t.role }));
      const summary = `${me.name || me.email} (${me.email}), plan ${me.plan}, default currency ${me.default_currency}, ` +
        `time zone ${me.timezone || 'UTC'}; ${teams.length === 0 ? 'no teams' : `teams: ${teams.map((t) => `${t.name} (${t.role})`).join(', ')}`}.` +
        (selected ? ` Selected team: ${selected.name}, your role ${selected.role}.` : '');
      return render({
        summary,
        user: {
          id: me.id, email: me.email, name: me.name, plan: me.plan,
          default_currency: me.default_currency, timezone: me.timezone || 'UTC',
        },
        teams,
        team: selected,
      });
    },
  });

  defineTool(server, ctx, 'get_usage', {
    title: 'Plan quotas and rate limits',
    description:
      'Plan quotas of the scope (accounts, categories, tags, files, storage bytes, team members: used and limit) and ' +
      'the API key\'s rate-limit buckets: reads (120 per rolling 60 s by default; every tool call spends one or more) ' +
      'and writes, each with remaining requests and seconds until one more is admitted, plus the key\'s expiry. ' +
      'Call it before a long series of calls. It spends one read from the same bucket as every other tool, so after a ' +
      '"read limit reached" error do not call it: wait the seconds that error states instead.',
    input: z.object({ team: teamArg }).strict(),
    output: z.object({
      summary: z.string(),
      plan: z.string(),
      scope: z.object({ type: z.string(), id: z.string() }),
      quotas: z.array(z.object({ name: z.string(), used: z.number().nullable(), limit: z.number() })),
      key: z.object({ expires_at: z.string().nullable(), read: bucket, write: bucket }).nullable(),
    }),
    run: async (args, signal) => {
      const scope = await ctx.lookups.scope(args.team, signal);
      const u = await ctx.api.usage(scope, signal);
      if (u.key) ctx.expiry.record(u.key.expires_at); // the calling key's, in either scope
      const quotas = Object.entries(u.quotas).map(([name, q]) => ({ name, used: 'used' in q ? q.used : null, limit: q.limit }));
      const b = (x: { limit: number; remaining: number; reset: number }) =>
        ({ limit: x.limit, remaining: x.remaining, reset_seconds: x.reset });
      const key = u.key ? { expires_at: u.key.expires_at, read: b(u.key.rate_limits.read), write: b(u.key.rate_limits.write) } : null;
      const summary = `Plan ${u.plan}, ${u.scope.type} scope. ` +
        (key ? `Reads: ${key.read.remaining} of ${key.read.limit} left (${key.read.reset_seconds} s until one more is freed); ` +
          `writes: ${key.write.remaining} of ${key.write.limit} left. Key expires ${key.expires_at ?? 'never'}. ` : '') +
        `Quotas: ${quotas.filter((q) => q.used !== null).map((q) => `${q.name} ${q.used}/${q.limit}`).join(', ')}.`;
      return render({ summary, plan: u.plan, scope: u.scope, quotas, key });
    },
  });
}
