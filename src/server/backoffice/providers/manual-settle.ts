// 人工处理: a transfer whose provider answers contradict it (another amount, direction or player; see
// providers/transfers.ts answerMismatch) is never settled by the job. After checking with the provider,
// one operator files the outcome (SUCCESS or FAILED) and a second approves it (four-eyes), because it
// moves the held money either way; the approval settles it in its own transaction, exactly once.
import type pg from 'pg';
import { z } from 'zod';
import { PROVIDER_TRANSFER_SETTLE_APPROVAL } from '../../../shared/backoffice/providers.ts';
import { formatMoney } from '../../../shared/money.ts';
import { errors } from '../../http/errors.ts';
import { isOpen, transferById, type TransferRow } from '../../providers/transfer-store.ts';
import { isMismatch, settleTransferIn } from '../../providers/transfers.ts';
import { balanceEvent, publishAfterCommit } from '../../wallet/deposits/events.ts';
import { playerBalance } from '../../wallet/ledger.ts';
import type { ApprovalKind } from '../core/api.ts';

const OUTCOME_LABELS = { SUCCESS: '成功', FAILED: '失败' } as const;

const PayloadSchema = z.object({
  transferId: z.number().int().positive(),
  reference: z.string().min(1).max(64),
  outcome: z.enum(['SUCCESS', 'FAILED']),
  amount: z.number().int().positive(),
});
type Payload = z.infer<typeof PayloadSchema>;

/** The transfer, locked, if it still waits for an operator's decision. */
async function transferAwaitingDecision(client: pg.PoolClient, id: number): Promise<TransferRow> {
  const row = await transferById(client, id, true);
  if (!row) throw errors.notFound('转账记录不存在');
  if (!isOpen(row)) throw errors.conflict('该转账已处理完毕');
  if (!isMismatch(row)) throw errors.conflict('只有服务商应答与转账不符的转账需要人工处理，请先立即查询服务商');
  return row;
}

export const manualSettleApproval: ApprovalKind<Payload> = {
  kind: PROVIDER_TRANSFER_SETTLE_APPROVAL,
  label: '第三方转账人工处理',
  requestPermission: 'providers.transfers.resolve',
  approvePermission: 'providers.transfers.resolve',
  payload: PayloadSchema,
  describe: (p) => `转账 ${p.reference}（${formatMoney(p.amount)}）按${OUTCOME_LABELS[p.outcome]}处理`,
  async validate(client, payload) {
    await transferAwaitingDecision(client, payload.transferId);
    const filed = await client.query(`SELECT 1 FROM operator_approvals WHERE kind = $1 AND status = 'PENDING' AND (payload->>'transferId')::bigint = $2`, [
      PROVIDER_TRANSFER_SETTLE_APPROVAL,
      payload.transferId,
    ]);
    if (filed.rowCount) throw errors.conflict('该转账已提交人工处理，请等待另一位操作员审批');
  },
  async execute(client, payload, context) {
    await transferAwaitingDecision(client, payload.transferId);
    const detail = `人工处理（审批 ${context.approvalId}，${context.requestedBy.username} 申请，${context.approvedBy.username} 批准）`;
    const outcome =
      payload.outcome === 'SUCCESS' ? { status: 'SUCCESS' as const, balanceAfter: null, balanceFresh: false, detail } : { status: 'FAILED' as const, detail };
    const settled = await settleTransferIn(client, payload.transferId, outcome, `OPERATOR:${context.approvedBy.username}`);
    const balance = await playerBalance(client, settled.customer_id);
    return {
      after: { transferId: settled.id, status: settled.status },
      afterCommit: async () => publishAfterCommit(context.ctx, [balanceEvent(settled.customer_id, balance)]),
    };
  },
};
