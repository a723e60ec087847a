// Four-eyes approvals (issue 16 item 4): a request by one operator runs only when a different operator
// holding the kind's approve permission approves it; approved by many at once, it runs exactly once;
// rejected, it never runs; every step is in the audit log.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApprovalKind, requestApproval } from '../../src/server/backoffice/core/api.ts';
import { insertAuditRows } from '../../src/server/backoffice/core/audit.ts';
import type { AuditEntry, OperatorPrincipal } from '../../src/server/backoffice/core/api.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import type { OperatorRole } from '../../src/shared/backoffice/permissions.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { createOperator, operatorHeaders, signIn, signedInOperator, type TestOperator } from '../support/operators.ts';

let server: TestServer;
let afterCommitRuns = 0;

beforeAll(async () => {
  server = await startTestServer();
  await server.db.database.pool.query('CREATE TABLE approval_test_runs (approval_id int NOT NULL, amount int NOT NULL)');
  registerApprovalKind({
    kind: 'test.payout',
    label: '测试付款',
    requestPermission: 'customers.adjust.request',
    approvePermission: 'customers.adjust.approve',
    payload: z.object({ amount: z.number().int().min(1, '金额必须大于 0') }),
    describe: (payload) => `付款 ${payload.amount}`,
    async execute(client, payload, context) {
      await client.query('INSERT INTO approval_test_runs (approval_id, amount) VALUES ($1, $2)', [context.approvalId, payload.amount]);
      return { after: { paid: payload.amount }, afterCommit: async () => void (afterCommitRuns += 1) };
    },
  });
});
afterAll(() => server?.close());

function principal(operator: TestOperator, role: OperatorRole): OperatorPrincipal {
  return { id: operator.id, username: operator.username, displayName: operator.username, role, sessionId: 0, ip: '127.0.0.1' };
}

async function request(requester: OperatorPrincipal, payload: unknown, reason = '测试审批'): Promise<number> {
  return withTransaction(server.db.database.pool, async (client) => {
    const entries: AuditEntry[] = [];
    const created = await requestApproval(client, async (entry) => void entries.push(entry), requester, 'test.payout', payload, reason);
    await insertAuditRows(client, { id: requester.id, username: requester.username, role: requester.role, ip: requester.ip }, entries);
    return created.id;
  });
}

const decide = (id: number, verb: 'approve' | 'reject', cookie: string, reason = '核对无误') =>
  server.app.inject({ method: 'POST', url: `/ajax/backoffice/approvals/${id}/${verb}`, headers: operatorHeaders(cookie), payload: { reason } });

const runsOf = async (id: number) =>
  (await server.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM approval_test_runs WHERE approval_id = $1', [id])).rows[0]!.n;

describe('four-eyes approvals', () => {
  it('runs once when many approvers press at the same time', async () => {
    const requester = await createOperator(server.app, 'FINANCE');
    const id = await request(principal(requester, 'FINANCE'), { amount: 500 });
    const approvers = await Promise.all(Array.from({ length: 8 }, () => signedInOperator(server.app, 'FINANCE')));
    const before = afterCommitRuns;
    const answers = await Promise.all(approvers.map(({ cookie }) => decide(id, 'approve', cookie)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('该审批单已处理');
    expect(await runsOf(id)).toBe(1);
    expect(afterCommitRuns - before).toBe(1);
    const approved = answers.find((a) => a.statusCode === 200)!.json().approval;
    expect(approved).toMatchObject({ status: 'APPROVED', summary: '付款 500', label: '测试付款', requestedBy: { id: requester.id } });
  });

  it('refuses the requester as approver, and a role without the approve permission', async () => {
    const { operator: requester, cookie } = await signedInOperator(server.app, 'FINANCE');
    const id = await request(principal(requester, 'FINANCE'), { amount: 10 });
    const self = await decide(id, 'approve', cookie);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('不能审批自己提交的申请');
    const { cookie: support } = await signedInOperator(server.app, 'SUPPORT');
    const other = await decide(id, 'approve', support);
    expect(other.statusCode).toBe(403);
    expect(await runsOf(id)).toBe(0);
    // The queue shows who may decide.
    const queue = await server.app.inject({ method: 'GET', url: '/ajax/backoffice/approvals?status=PENDING', headers: { cookie } });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({ canDecide: false, status: 'PENDING' });
    expect(queue.json().kinds).toContainEqual({ kind: 'test.payout', label: '测试付款' });
  });

  it('a rejected request never runs and cannot be approved afterwards', async () => {
    const requester = await createOperator(server.app, 'SUPER_ADMIN');
    const id = await request(principal(requester, 'SUPER_ADMIN'), { amount: 7 });
    const { cookie } = await signedInOperator(server.app, 'FINANCE');
    const noReason = await server.app.inject({ method: 'POST', url: `/ajax/backoffice/approvals/${id}/reject`, headers: operatorHeaders(cookie), payload: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/原因/);
    expect((await decide(id, 'reject', cookie, '金额不对')).json().approval).toMatchObject({ status: 'REJECTED', decisionReason: '金额不对' });
    const later = await signIn(server.app, await createOperator(server.app, 'FINANCE'));
    expect((await decide(id, 'approve', later)).statusCode).toBe(409);
    expect(await runsOf(id)).toBe(0);
  });

  it('validates the payload at request time, and records request and decision in the audit log', async () => {
    const requester = await createOperator(server.app, 'FINANCE');
    await expect(request(principal(requester, 'FINANCE'), { amount: 0 })).rejects.toMatchObject({ statusCode: 400, message: '金额必须大于 0' });
    await expect(request(principal(requester, 'SUPPORT'), { amount: 5 })).rejects.toMatchObject({ statusCode: 403 });
    const id = await request(principal(requester, 'FINANCE'), { amount: 42 });
    const { cookie } = await signedInOperator(server.app, 'SUPER_ADMIN');
    expect((await decide(id, 'approve', cookie)).statusCode).toBe(200);
    const rows = await server.db.database.pool.query<{ action: string; operator_username: string }>(
      "SELECT action, operator_username FROM operator_audit_log WHERE target_type = 'approval' AND target_id = $1 ORDER BY id",
      [String(id)],
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['approval.request', 'approval.approve']);
    expect(rows.rows[0]!.operator_username).toBe(requester.username);
  });

  it('answers 404 for an approval that does not exist', async () => {
    const { cookie } = await signedInOperator(server.app, 'FINANCE');
    expect((await decide(987654, 'approve', cookie)).statusCode).toBe(404);
  });
});
