// SPDX-License-Identifier: MIT
// Compile-time checks of the client's types (run by `npm run build`; never
// executed). A @ts-expect-error that stops being an error fails the build.
import { createClient, type GetData, type Schemas } from '../src/index.js';

export async function usage(): Promise<void> {
  const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api/public/v1', apiKey: 'purse_x' });

  const me = await client.get('/me');
  const teams: { id: string; name: string; role: 'owner' | 'admin' | 'member' | 'viewer' }[] = me.data.teams;
  void teams;

  const list = await client.get('/teams/{team}/transactions', {
    path: { team: '01a207ed-0b06-763f-bac9-fadd785e7f6e' },
    query: { flow_type: 'expense', per_page: 10, include_voided: 'true' },
  });
  const first: Schemas['Transaction'] | undefined = list.data.items[0];
  const amount: number | undefined = first?.amount;
  void amount;

  const tx = await client.get('/me/transactions/{id}', { path: { id: 'x' } });
  const voided: string | null = tx.data.voided_at;
  void voided;

  const report: GetData<'/me/reports/dashboard'> = (await client.get('/me/reports/dashboard', { query: { month: '2026-11' } })).data;
  void report.counts.transactions;

  // @ts-expect-error path parameters are required
  await client.get('/me/transactions/{id}');
  // @ts-expect-error a POST-only path is not a GET path
  await client.get('/me/transactions/{id}/void', { path: { id: 'x' } });
  // @ts-expect-error file bytes are not a JSON envelope
  await client.get('/me/files/{id}/content', { path: { id: 'x' } });
  // @ts-expect-error flow_type is an enum
  await client.get('/me/transactions', { query: { flow_type: 'gift' } });
  // @ts-expect-error no such path
  await client.get('/me/nothing');
}
