// Members' orders, read-only (issue 19 item 5): the player's order filters plus a member, scoped to the
// caller's team by the closure table. The detail is the player's own view (orders/views.ts) once the
// order's owner is known to be in the team.
import type pg from 'pg';
import type { TeamOrderList, TeamOrderListQuery } from '../../../shared/api/agent-team.ts';
import type { OrderDetail } from '../../../shared/api/orders.ts';
import { listOrdersIn, orderDetail } from '../../orders/views.ts';
import { errors } from '../../http/errors.ts';
import { teamIds } from '../tree.ts';

const orderNotInTeam = () => errors.notFound('订单不存在或不属于您的团队');

/**
 * The player's order list (orders/views.ts) over the caller's whole team, optionally one member, with
 * each line's username: the filters, totals and paging are the player's own, not a copy.
 */
export async function listTeamOrders(db: pg.Pool, agentId: number, query: TeamOrderListQuery): Promise<TeamOrderList> {
  const member = query.username ? ' AND o.customer_id = (SELECT id FROM customers WHERE username_key = $2)' : '';
  const params = query.username ? [agentId, query.username.toLowerCase()] : [agentId];
  const list = await listOrdersIn(db, { clause: `o.customer_id IN (${teamIds(1, 'all')})${member}`, params }, query);
  const ids = list.items.map((item) => Number(item.orderId));
  const names = await db.query<{ id: number; username: string }>(
    `SELECT o.id, c.username FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ANY($1::bigint[])`,
    [ids],
  );
  const usernameOf = new Map(names.rows.map((row) => [Number(row.id), row.username]));
  return { ...list, items: list.items.map((item) => ({ ...item, username: usernameOf.get(Number(item.orderId)) ?? '' })) };
}

/** A member's order as its owner sees it; an order outside the team answers like one that does not exist. */
export async function teamOrderDetail(db: pg.Pool, agentId: number, orderId: number): Promise<OrderDetail & { username: string }> {
  const owner = await db.query<{ customer_id: number; username: string }>(
    `SELECT o.customer_id, c.username FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE o.id = $2 AND o.customer_id IN (${teamIds(1, 'all')})`,
    [agentId, orderId],
  );
  const found = owner.rows[0];
  if (!found) throw orderNotInTeam();
  const detail = await orderDetail(db, found.customer_id, orderId);
  if (!detail) throw orderNotInTeam();
  return { ...detail, username: found.username };
}
