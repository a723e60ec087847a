// The back office's draws endpoints (/ajax/backoffice/draws/...): draw types with their feed status,
// the issue calendar, one issue, manual results and corrections (four-eyes), cancelling an issue.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarChangeAnswerSchema,
  CalendarDayBodySchema,
  CalendarQuerySchema,
  DAY_MESSAGE,
  DrawCalendarSchema,
  RemoveCalendarDayBodySchema,
  CancelIssueAnswerSchema,
  CancelIssueBodySchema,
  DrawTypesOverviewSchema,
  IssueCalendarSchema,
  IssueDetailSchema,
  ManualResultAnswerSchema,
  ManualResultBodySchema,
  MANUAL_RESULT_APPROVAL,
} from '../../../shared/backoffice/draws.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import { calendarDate } from '../../../shared/validation/calendar-date.ts';
import type { ServerContext } from '../../context.ts';
import { changeCalendarDay, type CalendarChangeInput } from '../../draws/calendar-changes.ts';
import { cancelIssueByOperator, OPERATOR_CANCEL_REASON } from '../../draws/cancellation.ts';
import { checkManualResultInput, lockIssue, replacedBy } from '../../draws/manual-results.ts';
import { feedModeOfConfig } from '../../draws/sources.ts';
import { errors } from '../../http/errors.ts';
import { cancelIssueOrders } from '../../orders/cancel.ts';
import { operatorOf, registerApprovalKind, requestApproval, withOperatorWrite } from '../core/api.ts';
import { manualResultApproval } from './manual-result-approval.ts';
import { drawCalendarView, issueCalendar, issueDetail, drawTypeStatuses, periodicDrawType } from './views.ts';

const DRAW_TYPE_MESSAGE = '彩种代码无效';
const ISSUE_NUMBER_MESSAGE = '期号无效';
const DrawTypeParams = z.object({ drawType: z.string({ error: DRAW_TYPE_MESSAGE }).regex(/^[A-Z0-9]{1,32}$/, DRAW_TYPE_MESSAGE) });
const IssueParams = DrawTypeParams.extend({
  issueNumber: z.string({ error: ISSUE_NUMBER_MESSAGE }).regex(/^[A-Za-z0-9/-]{1,32}$/, ISSUE_NUMBER_MESSAGE),
});
const CalendarDayParams = DrawTypeParams.extend({ day: calendarDate(DAY_MESSAGE) });

export async function drawAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  registerApprovalKind(manualResultApproval);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pool = ctx.database.pool;
  const mode = feedModeOfConfig(ctx.config);
  const base = `${BACKOFFICE_API}/draws`;

  r.get(
    base,
    { config: { operator: { permission: 'draws.read' } }, schema: { response: { 200: DrawTypesOverviewSchema } } },
    async () => {
      const now = ctx.clock.now();
      return { serverTime: now, feed: ctx.config.feed.adapter, feedTimeoutMs: ctx.config.feed.timeoutMs, drawTypes: await drawTypeStatuses(pool, mode, now) };
    },
  );

  r.get(
    `${base}/:drawType/issues`,
    {
      config: { operator: { permission: 'draws.read' } },
      schema: { params: DrawTypeParams, querystring: CalendarQuerySchema, response: { 200: IssueCalendarSchema } },
    },
    async (request) =>
      issueCalendar(pool, mode, { drawType: request.params.drawType, ...request.query, now: ctx.clock.now() }),
  );

  r.get(
    `${base}/:drawType/issues/:issueNumber`,
    { config: { operator: { permission: 'draws.read' } }, schema: { params: IssueParams, response: { 200: IssueDetailSchema } } },
    async (request) => issueDetail(pool, mode, request.params.drawType, request.params.issueNumber),
  );

  // A result for a closed issue, or a correction of a drawn one: nothing changes until a second
  // operator approves it (core approval endpoints).
  r.post(
    `${base}/:drawType/issues/:issueNumber/result`,
    {
      config: { operator: { permission: 'draws.result.request' } },
      schema: { params: IssueParams, body: ManualResultBodySchema, response: { 200: ManualResultAnswerSchema } },
    },
    async (request) => {
      const { drawType, issueNumber } = request.params;
      periodicDrawType(drawType);
      checkManualResultInput(drawType, request.body.result);
      const operator = operatorOf(request);
      return withOperatorWrite(ctx, request, async (client, audit) => {
        const issue = await lockIssue(client, drawType, issueNumber);
        const replaces = replacedBy(issue);
        const seen = request.body.replaces;
        if (seen !== undefined && (seen?.join() ?? null) !== (replaces?.join() ?? null)) {
          throw errors.conflict('该期开奖状态已变化，请刷新后重新提交');
        }
        const payload = { issueId: issue.id, drawType, issueNumber, result: request.body.result, replaces };
        const approval = await requestApproval(client, audit, operator, MANUAL_RESULT_APPROVAL, payload, request.body.reason.trim());
        return { approvalId: approval.id, isCorrection: payload.replaces !== null };
      });
    },
  );

  r.post(
    `${base}/:drawType/issues/:issueNumber/cancel`,
    {
      config: { operator: { permission: 'draws.cancel' } },
      schema: { params: IssueParams, body: CancelIssueBodySchema, response: { 200: CancelIssueAnswerSchema } },
    },
    async (request) => {
      const { drawType, issueNumber } = request.params;
      periodicDrawType(drawType);
      const operator = operatorOf(request);
      const reason = request.body.reason.trim();
      const now = ctx.clock.now();
      const cancelled = await withOperatorWrite(ctx, request, async (client, audit) => {
        const done = await cancelIssueByOperator(client, { drawType, issueNumber, reason, actor: operator.username, now });
        await audit({
          action: 'draw.issue.cancel',
          targetType: 'draw_issue',
          targetId: `${drawType}:${issueNumber}`,
          before: { state: done.previousState },
          after: { state: 'CANCELLED', cancelReason: OPERATOR_CANCEL_REASON },
          reason,
        });
        return done;
      });
      // After the commit, as for an issue whose result never came; the scheduler finishes an interrupted refund.
      const events = await cancelIssueOrders(pool, [cancelled.id], now);
      if (events.length > 0) await ctx.events.publish(events);
      const refunded = events.filter((e) => e.type === 'textPopup').length;
      return { state: 'CANCELLED' as const, refunded };
    },
  );

  // 休市日历: the operator's closed and extra days of an official draw type (calendar-changes.ts).
  r.get(
    `${base}/:drawType/calendar`,
    { config: { operator: { permission: 'draws.read' } }, schema: { params: DrawTypeParams, response: { 200: DrawCalendarSchema } } },
    async (request) => drawCalendarView(pool, periodicDrawType(request.params.drawType), ctx.clock.now()),
  );

  /** One change in one audited transaction; the orders of the issues it cancelled are refunded after the commit. */
  const changeCalendar = async (request: Parameters<typeof operatorOf>[0], input: Omit<CalendarChangeInput, 'actor' | 'now'>) => {
    const operator = operatorOf(request);
    const now = ctx.clock.now();
    const change = await withOperatorWrite(ctx, request, async (client, audit) => {
      const done = await changeCalendarDay(client, { ...input, actor: operator.username, now });
      const cancelledIssues = done.cancelled.map((c) => `${c.drawType}:${c.issueNumber}`);
      await audit({
        action: 'add' in input.change ? 'draw.calendar.add' : 'draw.calendar.remove',
        targetType: 'draw_calendar_day',
        targetId: `${input.drawType}:${input.day}`,
        before: { kind: 'add' in input.change ? null : done.kind, open: done.wasOpen },
        after: { kind: 'add' in input.change ? done.kind : null, open: done.isOpen, cancelledIssues },
        reason: input.reason,
      });
      return done;
    });
    // As for an issue cancelled by hand; the scheduler's refund pass finishes an interrupted refund.
    const ids = change.cancelled.map((c) => c.id);
    const events = ids.length > 0 ? await cancelIssueOrders(pool, ids, now) : [];
    if (events.length > 0) await ctx.events.publish(events);
    return {
      day: change.day,
      kind: change.kind,
      cancelledIssues: change.cancelled.map((c) => c.issueNumber),
      refunded: events.filter((e) => e.type === 'textPopup').length,
    };
  };

  r.post(
    `${base}/:drawType/calendar`,
    {
      config: { operator: { permission: 'draws.cancel' } },
      schema: { params: DrawTypeParams, body: CalendarDayBodySchema, response: { 200: CalendarChangeAnswerSchema } },
    },
    async (request) =>
      changeCalendar(request, {
        drawType: periodicDrawType(request.params.drawType),
        day: request.body.day,
        change: { add: request.body.kind },
        reason: request.body.reason.trim(),
      }),
  );

  r.delete(
    `${base}/:drawType/calendar/:day`,
    {
      config: { operator: { permission: 'draws.cancel' } },
      schema: { params: CalendarDayParams, body: RemoveCalendarDayBodySchema, response: { 200: CalendarChangeAnswerSchema } },
    },
    async (request) =>
      changeCalendar(request, {
        drawType: periodicDrawType(request.params.drawType),
        day: request.params.day,
        change: { remove: true },
        reason: request.body.reason.trim(),
      }),
  );

}
