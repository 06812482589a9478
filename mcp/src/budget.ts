// SPDX-License-Identifier: MIT
// Shapes a tool result for both channels and keeps it within the character
// budget. `structuredContent` starts with `summary`; the text content is the
// same summary in a few lines followed by the same data as compact JSON, so
// a client that reads only one channel misses nothing.

export interface Rendered {
  structuredContent: Record<string, unknown>;
  content: { type: 'text'; text: string }[];
}

/** Both channels of one result. `summary` must be the first key of `data`. */
export function render(data: { summary: string } & Record<string, unknown>): Rendered {
  const { summary, ...rest } = data;
  const structured = { summary, ...rest };
  const text = `${summary}\n\n${JSON.stringify(rest)}`;
  return { structuredContent: structured, content: [{ type: 'text', text }] };
}

export function size(r: Rendered): number {
  return Math.max(JSON.stringify(r.structuredContent).length, r.content[0]!.text.length);
}

/**
 * Finds the largest `keep` in 0..max for which `build(keep)` fits `budget`
 * characters in each channel, and returns that result. `build` must grow
 * with `keep` (more items, longer output). Deterministic: the same input
 * always gives the same cut.
 */
export function fitBudget(max: number, budget: number,
                          build: (keep: number, truncated: boolean) => Rendered): Rendered {
  const full = build(max, false);
  if (size(full) <= budget) return full;
  let lo = 0, hi = max - 1;
  let best = build(0, true);
  if (size(best) > budget) return hardCut(best, budget);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = build(mid, true);
    if (size(r) <= budget) {
      best = r;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}

/** Last resort when even an empty list is too long: cut long strings. */
function hardCut(r: Rendered, budget: number): Rendered {
  const cut = (v: unknown, max: number): unknown => {
    if (typeof v === 'string') return v.length > max ? v.slice(0, max) + '…' : v;
    if (Array.isArray(v)) return v.map((x) => cut(x, max));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x, max)]));
    return v;
  };
  for (let max = 2000; max >= 20; max = Math.floor(max / 2)) {
    const data = cut(r.structuredContent, max) as { summary: string } & Record<string, unknown>;
    const out = render(data);
    if (size(out) <= budget) return out;
  }
  return r;
}

/** The sentence appended to a cut result's summary. */
export function truncationNote(shown: number, of: number, what: string, narrow: string, budget: number): string {
  return `Output cut to the first ${shown} of ${of} ${what} to stay within ${budget} characters; ${narrow}.`;
}
