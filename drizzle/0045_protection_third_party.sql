-- Money sent to a third-party game wallet counts toward loss limits, as the server's own measure
-- does (netLossSince in src/server/protection/ledger-totals.ts): it is played beyond the platform's
-- sight, so it counts as lost until it comes back (TOU − TOUFAIL − TI on the wallet).
CREATE OR REPLACE FUNCTION bet_protection_refusal(p_customer bigint, p_stake bigint, p_now timestamptz) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_settings record;
  v_limit record;
  v_local timestamp := (p_now AT TIME ZONE 'UTC') + interval '8 hours';
  v_since timestamptz;
  v_used bigint;
  v_name text;
BEGIN
  SELECT s.cooling_off_until, s.self_excluded_until INTO v_settings FROM protection_settings s WHERE s.customer_id = p_customer;
  IF FOUND AND v_settings.self_excluded_until > p_now THEN
    RETURN format('您已申请自我排除，%s（北京时间）前不能投注或充值',
                  to_char((v_settings.self_excluded_until AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI'));
  END IF;
  IF FOUND AND v_settings.cooling_off_until > p_now THEN
    RETURN format('您正处于冷静期，%s（北京时间）前不能投注或充值',
                  to_char((v_settings.cooling_off_until AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI'));
  END IF;

  -- Pending raises that fell due apply now (loadLimits in src/server/protection/limits.ts).
  WITH applied AS (
    UPDATE protection_limits l SET amount = l.pending_amount, pending_amount = NULL, pending_effective_at = NULL, updated_at = now()
     WHERE l.customer_id = p_customer AND l.pending_effective_at <= p_now
    RETURNING l.kind, l.period, l.amount
  )
  INSERT INTO protection_audit (customer_id, action, detail)
  SELECT p_customer, 'LIMIT_RAISE_APPLIED', a.kind || ' ' || a.period || ' → ' || coalesce(placement_money(a.amount), '无限额') FROM applied a;
  IF FOUND THEN
    DELETE FROM protection_limits l WHERE l.customer_id = p_customer AND l.amount IS NULL AND l.pending_effective_at IS NULL;
  END IF;

  FOR v_limit IN SELECT l.period, l.amount FROM protection_limits l
                  WHERE l.customer_id = p_customer AND l.kind = 'LOSS' AND l.amount IS NOT NULL LOOP
    v_since := (CASE v_limit.period WHEN 'DAILY' THEN date_trunc('day', v_local)
                                     WHEN 'WEEKLY' THEN date_trunc('week', v_local)
                                     ELSE date_trunc('month', v_local) END - interval '8 hours') AT TIME ZONE 'UTC';
    -- Net loss: BET − WIN − REB − REF, and money sent to third-party games not brought back, on the wallet (netLossSince in src/server/protection/ledger-totals.ts).
    SELECT -coalesce(sum(e.amount), 0)::bigint INTO v_used
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE a.customer_id = p_customer AND a.kind = 'PLAYER_MAIN' AND t.type IN ('BET', 'WIN', 'REB', 'REF', 'TOU', 'TOUFAIL', 'TI') AND e.created_at >= v_since;
    IF (p_stake > 0 AND v_used + p_stake > v_limit.amount) OR (p_stake <= 0 AND v_used >= v_limit.amount) THEN
      v_name := CASE v_limit.period WHEN 'DAILY' THEN '每日' WHEN 'WEEKLY' THEN '每周' ELSE '每月' END || '亏损限额';
      RETURN format('已达到%s（%s），本期还可投注 %s', v_name, placement_money(v_limit.amount), placement_money(greatest(0, v_limit.amount - v_used)));
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
