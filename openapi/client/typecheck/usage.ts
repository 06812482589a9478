// SPDX-License-Identifier: MIT
// Compile-time checks of the SDK's types (run by `npm run build`; never
// executed). A @ts-expect-error that stops being an error fails the build.
import { createClient, PurseApiError, verifyWebhook, type GetData, type PageItem, type Schemas, type WebhookEvent } from '../src/index.js';

export async function usage(): Promise<void> {
  const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api/public/v1', apiKey: 'purse_x' });

  const me = await client.get('/me');
  const teams: { id: string; name: string; role: 'owner' | 'admin' | 'member' | 'viewer' }[] = me.data.teams;
  void teams;

  const list = await client.get('/teams/{team}/transactions', {
    params: {
      path: { team: '01a207ed-0b06-763f-bac9-fadd785e7f6e' },
      query: { flow_type: 'expense', per_page: 10, include_voided: 'true' },
    },
  });
  const first: Schemas['Transaction'] | undefined = list.data.items[0];
  const amount: number | undefined = first?.amount;
  void amount;

  const tx = await client.get('/me/transactions/{id}', { params: { path: { id: 'x' } } });
  const voided: string | null = tx.data.voided_at;
  void voided;

  const report: GetData<'/me/reports/dashboard'> = (await client.get('/me/reports/dashboard', { params: { query: { month: '2026-11' } } })).data;
  void report.counts.transactions;

  // Writes: bodies and answers typed from the document.
  const account = await client.post('/me/accounts', { body: { name: 'Main', currency_code: 'EUR' } });
  const accountId: string = account.data.id;
  const renamed = await client.patch('/me/accounts/{id}', { params: { path: { id: accountId } }, body: { name: 'Main 2' } });
  const name: string = renamed.data.name;
  void name;
  await client.post('/me/transactions', {
    body: { account_id: accountId, flow_type: 'expense', amount: 12.3, currency_code: 'EUR', transaction_at: '2026-11-01T10:00:00Z' },
    idempotencyKey: 'my-own-key-1',
  });
  await client.post('/me/transactions/{id}/void', { params: { path: { id: 'x' } } });
  await client.delete('/me/tags/{id}', { params: { path: { id: 'x' } } });

  // Budgets, the budget report, and the authors of records.
  const budget = await client.post('/teams/{team}/budgets', {
    params: { path: { team: 'x' } },
    body: { category_id: 'x', month: '2026-11', amount: 400, currency_code: 'EUR' },
  });
  const budgeted: number = budget.data.amount;
  const author: string | null = budget.data.created_by;
  void budgeted; void author;
  await client.patch('/me/budgets/{id}', { params: { path: { id: 'x' } }, body: { amount: 450 } });
  for await (const b of client.paginate('/me/budgets', { params: { query: { month: '2026-11' } } })) {
    const item: Schemas['Budget'] = b;
    void item;
  }
  const plan: GetData<'/me/reports/budget'> = (await client.get('/me/reports/budget', { params: { query: { month: '2026-11' } } })).data;
  const remaining: number | undefined = plan.currencies[0]?.categories[0]?.remaining;
  const uncategorized: string | null | undefined = plan.currencies[0]?.unbudgeted[0]?.category.id;
  void remaining; void uncategorized;
  const byMe = await client.get('/me/transactions', { params: { query: { created_by: 'x' } } });
  const editor: string | null | undefined = byMe.data.items[0]?.updated_by;
  void editor;
  // Bulk writes with external ids: one status per body, in order.
  const batch = await client.post('/me/transactions/batch', {
    body: { transactions: [{ account_id: 'x', flow_type: 'expense', amount: 1, currency_code: 'EUR', transaction_at: '2026-11-01T10:00:00Z', external_id: 'bank-1' }], atomic: true },
  });
  const status: 200 | 201 | 422 | undefined = batch.data.items[0]?.status;
  const external: string | null | undefined = batch.data.items[0]?.data?.external_id;
  void status; void external;
  const imported = await client.get('/me/transactions', { params: { query: { external_id: 'bank-1' } } });
  void imported;

  // Webhooks: the secret only in the create's answer; deliveries typed;
  // a delivery verified and parsed.
  const hook = await client.post('/teams/{team}/webhooks', {
    params: { path: { team: 'x' } },
    body: { url: 'https://hooks.example.com/purse', events: ['transaction.*', 'tag.created'] },
  });
  const secret: string = hook.data.secret;
  const hookId: string = hook.data.id;
  const read = await client.get('/me/webhooks/{id}', { params: { path: { id: hookId } } });
  const active: boolean = read.data.active;
  void active;
  await client.patch('/me/webhooks/{id}', { params: { path: { id: hookId } }, body: { active: false } });
  for await (const d of client.paginate('/me/webhooks/{id}/deliveries', { params: { path: { id: hookId } } })) {
    const state: 'pending' | 'delivered' | 'failed' = d.status;
    const code: number | null = d.last_status_code;
    void state; void code;
  }
  const event: WebhookEvent = await verifyWebhook({ secret, body: '{}', signature: 't=1,v1=00' });
  const scopeKind: 'me' | 'team' = event.scope.kind;
  void scopeKind;

  // Pagination: items typed per path.
  for await (const t of client.paginate('/me/tags')) {
    const tag: Schemas['Tag'] = t;
    void tag;
  }
  const all: PageItem<'/me/transactions'>[] = await client.listAll('/me/transactions', { params: { query: { flow_type: 'income' } } });
  void all;

  try {
    await client.get('/me');
  } catch (e) {
    if (e instanceof PurseApiError) {
      const status: number = e.status;
      const fields: Record<string, string[]> | null = e.fieldErrors;
      const wait: number | null = e.retryAfter;
      void status; void fields; void wait;
    }
  }

  // @ts-expect-error path parameters are required
  await client.get('/me/transactions/{id}');
  // @ts-expect-error a POST-only path is not a GET path
  await client.get('/me/transactions/{id}/void', { params: { path: { id: 'x' } } });
  // @ts-expect-error file bytes are not a JSON envelope (use fileContent)
  await client.get('/me/files/{id}/content', { params: { path: { id: 'x' } } });
  // @ts-expect-error flow_type is an enum
  await client.get('/me/transactions', { params: { query: { flow_type: 'gift' } } });
  // @ts-expect-error no such path
  await client.get('/me/nothing');
  // @ts-expect-error a create needs its body
  await client.post('/me/accounts');
  // @ts-expect-error the body is typed (name is a string)
  await client.post('/me/tags', { body: { name: 12 } });
  // @ts-expect-error there is no PUT of a collection
  await client.put('/me/tags', { body: { name: 'x' } });
  // @ts-expect-error a budget's body is checked (amount is a number)
  await client.post('/me/budgets', { body: { category_id: 'x', month: '2026-11', amount: '400', currency_code: 'EUR' } });
  // @ts-expect-error a create needs every field (currency_code)
  await client.post('/me/budgets', { body: { category_id: 'x', month: '2026-11', amount: 400 } });
  // @ts-expect-error the server sets created_by: no request body takes it
  await client.patch('/me/tags/{id}', { params: { path: { id: 'x' } }, body: { name: 'x', created_by: 'x' } });
  // @ts-expect-error a batch's bodies are transactions (amount is a number)
  await client.post('/me/transactions/batch', { body: { transactions: [{ account_id: 'x', flow_type: 'expense', amount: '1', currency_code: 'EUR', transaction_at: 'x' }] } });
  // @ts-expect-error the budget report takes no account_id
  await client.get('/me/reports/budget', { params: { query: { account_id: 'x' } } });
  // @ts-expect-error a read never shows the secret
  void read.data.secret;
  // @ts-expect-error events are known names
  await client.post('/me/webhooks', { body: { url: 'https://e.com/', events: ['transaction.archived'] } });
  // @ts-expect-error only lists can be paginated
  client.paginate('/me/usage');
}
