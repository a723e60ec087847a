// Who may claim a red packet: a logged-in non-trial customer (the route's tier) who meets the
// operator's optional conditions — VIP level, credited deposits today (Beijing day), registered before
// the packet starts. One SQL predicate, so `claimable` and a claim agree.
import { RED_PACKET_MESSAGES } from '../../shared/api/red-packets.ts';
import { formatYuan } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';
import { errors } from '../http/errors.ts';

/** Credited deposits of customer $1 since the start of today in Beijing. */
const DEPOSITED_TODAY = `(SELECT coalesce(sum(d.credited_amount), 0) FROM deposits d
   WHERE d.customer_id = $1 AND d.credited_at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai'))`;

/** True where packet `p` accepts customer $1 (`c` = that customer). */
export const ELIGIBLE_SQL = `(cardinality(p.vip_levels) = 0 OR c.vip_level = ANY(p.vip_levels))
  AND (p.min_deposit_today = 0 OR ${DEPOSITED_TODAY} >= p.min_deposit_today)
  AND (NOT p.registered_before_start OR c.created_at < p.starts_at)`;

/** Refuses, in Chinese, a customer the packet's conditions exclude. */
export async function assertEligible(db: Queryable, customerId: number, packetId: number): Promise<void> {
  const found = await db.query<{ vip: boolean; deposit: boolean; registered: boolean; min_deposit_today: number }>(
    `SELECT (cardinality(p.vip_levels) = 0 OR c.vip_level = ANY(p.vip_levels)) AS vip,
            (p.min_deposit_today = 0 OR ${DEPOSITED_TODAY} >= p.min_deposit_today) AS deposit,
            (NOT p.registered_before_start OR c.created_at < p.starts_at) AS registered,
            p.min_deposit_today
       FROM red_packets p, customers c WHERE p.id = $2 AND c.id = $1`,
    [customerId, packetId],
  );
  const row = found.rows[0];
  if (!row) throw errors.notFound(RED_PACKET_MESSAGES.notFound);
  if (!row.vip) throw errors.forbidden(RED_PACKET_MESSAGES.vipLevel);
  if (!row.deposit) throw errors.forbidden(RED_PACKET_MESSAGES.deposit(formatYuan(Number(row.min_deposit_today))));
  if (!row.registered) throw errors.forbidden(RED_PACKET_MESSAGES.registeredAfter);
}
