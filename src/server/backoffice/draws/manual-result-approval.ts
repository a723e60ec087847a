// Manual results and corrections as one four-eyes approval kind: the request is the entry (checked
// then, and again when approved), the approval is the confirmation. Approved, it runs once, in the
// approving transaction: the closed issue is drawn (the scheduler then settles it), or the correction
// is recorded and re-settled after the commit.
import { z } from 'zod';
import { getDrawType } from '../../../shared/catalogue/draw-types.ts';
import { MANUAL_RESULT_APPROVAL } from '../../../shared/backoffice/draws.ts';
import { applyManualResult, checkIssueTakes, checkManualResultInput, lockIssue } from '../../draws/manual-results.ts';
import { errors } from '../../http/errors.ts';
import { ordersResettler } from '../../orders/resettle.ts';
import type { ApprovalKind } from '../core/api.ts';

const Numbers = z.array(z.number().int()).min(1).max(20);

export const ManualResultPayloadSchema = z.object({
  issueId: z.number().int().positive(),
  drawType: z.string().min(1).max(32),
  issueNumber: z.string().min(1).max(32),
  result: Numbers,
  replaces: Numbers.nullable(),
});
export type ManualResultPayload = z.infer<typeof ManualResultPayloadSchema>;

export const manualResultApproval: ApprovalKind<ManualResultPayload> = {
  kind: MANUAL_RESULT_APPROVAL,
  label: '人工开奖 / 开奖结果更正',
  requestPermission: 'draws.result.request',
  approvePermission: 'draws.result.approve',
  payload: ManualResultPayloadSchema,
  describe(payload) {
    const name = getDrawType(payload.drawType).name;
    const result = payload.result.join(',');
    return payload.replaces === null
      ? `${name} 第 ${payload.issueNumber} 期 录入开奖号码 ${result}`
      : `${name} 第 ${payload.issueNumber} 期 更正开奖号码 ${payload.replaces.join(',')} → ${result}`;
  },
  async validate(client, payload) {
    checkManualResultInput(payload.drawType, payload.result);
    // The issue stays locked to the end of the requesting transaction, so two requests for it queue.
    const issue = await lockIssue(client, payload.drawType, payload.issueNumber);
    if (issue.id !== payload.issueId) throw errors.notFound('期号不存在');
    checkIssueTakes(issue, payload);
    const pending = await client.query(
      `SELECT 1 FROM operator_approvals WHERE kind = $1 AND status = 'PENDING' AND payload->>'issueId' = $2::text`,
      [MANUAL_RESULT_APPROVAL, String(issue.id)],
    );
    if ((pending.rowCount ?? 0) > 0) throw errors.conflict('该期已有待审批的开奖录入，请先审批或驳回');
  },
  async execute(client, payload, context) {
    const now = context.ctx.clock.now();
    const applied = await applyManualResult(client, {
      ...payload,
      enteredBy: context.requestedBy.username,
      confirmedBy: context.approvedBy.username,
      approvalId: context.approvalId,
      now,
    });
    const events = context.ctx.events;
    // A correction also corrects the issues drawn on this one's result (JSTB on JSK3): each is re-settled.
    const corrections = applied.correctionId === null ? [] : [applied.correctionId, ...applied.derived.map((d) => d.correctionId)];
    const drawTypes = [payload.drawType, ...applied.derived.map((d) => d.drawType)];
    return {
      after: {
        issueId: applied.issueId,
        state: applied.correctionId === null ? 'DRAWN' : 'CORRECTED',
        result: payload.result,
        correctionId: applied.correctionId,
        derivedCorrections: applied.derived,
      },
      afterCommit: async () => {
        await events.publish(
          drawTypes.map((drawType) => ({
            customerId: null,
            type: 'drawResult',
            payload: { drawType, drawNumber: payload.issueNumber, result: payload.result },
          })),
        );
        // One after the other; if the process stops first, the scheduler resumes the rest (unfinishedCorrections).
        for (const correctionId of corrections) await ordersResettler({ events }).resettle(context.ctx.database.pool, correctionId);
      },
    };
  },
};
