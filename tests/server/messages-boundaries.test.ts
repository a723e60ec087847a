// Boundaries of the messaging area found by an audit (2026-11-28): a mail body that the sanitiser
// lengthens past what is stored is refused in Chinese, never a 500; only the operator holding a support
// conversation may mark its customer's messages read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';
import { operatorHeaders, signedInOperator } from '../support/operators.ts';
import { addCustomer, call, idOf } from './agent-team-support.ts';

let server: TestServer;
let primaryId: number;

const player = () => addCustomer(server, { parentId: primaryId, prizeGroup: 1900, prefix: 'mb' });

beforeAll(async () => {
  server = await startTestServer();
  primaryId = await idOf(server, 'demo_primary');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('mail body length after sanitising', () => {
  it('refuses with a Chinese message (never a 500) a body within the limit that the sanitiser expands past it', async () => {
    const member = await player();
    const cookie = await member.cookie();
    // 50 000 characters as typed (the limit); sanitised, every & becomes &amp; (5 characters).
    const htmlContent = `<p>a${'&'.repeat(49_992)}</p>`;
    expect([...htmlContent].length).toBe(50_000);
    const response = await call(server, 'POST', '/ajax/mail', cookie, { recipientGroup: 'ADMIN', subject: '长内容', htmlContent });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('内容过长');
    const stored = await server.db.database.pool.query('SELECT count(*)::int AS n FROM mails WHERE sender_customer_id = $1', [member.id]);
    expect(stored.rows[0].n).toBe(0);
  });
});

describe('support desk read receipts', () => {
  it('lets only the operator holding a conversation mark its customer’s messages read (409 for another operator)', async () => {
    const member = await player();
    const cookie = await member.cookie();
    const sent = await call(server, 'POST', '/ajax/customer-service/messages', cookie, { text: '请帮我看一下提现' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { id: messageId, conversationId } = sent.json<{ id: number; conversationId: number }>();
    const holder = await signedInOperator(server.app, 'SUPPORT');
    const claimed = await server.app.inject({ method: 'POST', url: `/ajax/backoffice/support/conversations/${conversationId}/claim`, headers: operatorHeaders(holder.cookie) });
    expect(claimed.statusCode, claimed.body).toBe(200);

    const other = await signedInOperator(server.app, 'SUPPORT');
    const read = await server.app.inject({
      method: 'POST',
      url: `/ajax/backoffice/support/conversations/${conversationId}/read`,
      headers: operatorHeaders(other.cookie),
      payload: { lastReadId: messageId },
    });
    expect(read.statusCode, read.body).toBe(409);
    const row = await server.db.database.pool.query<{ operator_read_id: number }>('SELECT operator_read_id FROM support_conversations WHERE id = $1', [conversationId]);
    expect(row.rows[0]!.operator_read_id).toBe(0);
  });
});
