// Four-eyes for large withdrawals: the operator who audited it files the request; a different
// operator with finance.withdrawals.approve approves it (from the withdrawal page or the approval
// queue). Approving runs once (core/approvals.ts) and moves the withdrawal WAITING_FOR_AUDIT →
// SUBMITTED in the same transaction; the payout loop then sends it, once, by its reference.
import { z } from 'zod';
import { LARGE_WITHDRAWAL_APPROVAL } from '../../../shared/backoffice/finance-withdrawals.ts';
import { formatAmountPlain } from '../../../shared/validation/amount-text.ts';
import { errors } from '../../http/errors.ts';
import { secondApproval } from '../../wallet/withdrawals/decisions.ts';
import { publishWithdrawal } from '../../wallet/withdrawals/publish.ts';
import { payoutLoopOf } from '../../wallet/withdrawals/routes.ts';
import type { ApprovalKind } from '../core/api.ts';

export const LargeWithdrawalPayloadSchema = z.object({
  withdrawalId: z.number().int().positive(),
  reference: z.string().min(1).max(32),
  username: z.string().min(1).max(64),
  amount: z.number().int().positive(),
});
export type LargeWithdrawalPayload = z.infer<typeof LargeWithdrawalPayloadSchema>;

export const largeWithdrawalApproval: ApprovalKind<LargeWithdrawalPayload> = {
  kind: LARGE_WITHDRAWAL_APPROVAL,
  label: '大额提现',
  requestPermission: 'finance.withdrawals.audit',
  approvePermission: 'finance.withdrawals.approve',
  payload: LargeWithdrawalPayloadSchema,
  describe: (payload) => `大额提现 ¥${formatAmountPlain(payload.amount)}，客户 ${payload.username}，单号 ${payload.reference}`,
  async execute(client, payload, context) {
    const row = await secondApproval(client, payload.withdrawalId, context.approvalId, context.approvedBy);
    if (!row) throw errors.conflict('该提现单已不在待二次审批状态');
    return {
      after: { withdrawalId: row.id, status: row.status },
      afterCommit: async () => {
        await publishWithdrawal(context.ctx, row);
        payoutLoopOf(context.ctx)?.nudge();
      },
    };
  },
};
