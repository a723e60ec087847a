-- One placement path (issue 23 item 4): every order — periodic issues, instant draws, refused bets,
-- players with protection limits, autobet entries — is placed by place_orders, called by
-- src/server/orders/place-batch.ts with every order of its lane that arrived meanwhile: one statement,
-- one round trip, one transaction (an instant draw's result and settlement follow in the same
-- transaction, see place-batch.ts). Each order gets its own outcome; a refused order writes nothing and
-- does not disturb the others, because every check of an order comes before any of its writes.
--
-- Locks, taken first and always in this order: issue rows FOR SHARE by id, the players' protection
-- advisory locks by customer id (the lock of assertMayBet / assertMayDeposit), the existing wallet and
-- house accounts FOR UPDATE by id; later, per instant order, the player's active seed row. Settlement
-- and every other transfer lock accounts in id order as well, so none of them can deadlock with this.
--
-- Per order i, in this order (the precedence of the errors the player sees):
--   0. a cached session (p_session_ids[i] not null): still live and this token's → else 'NOSESSION';
--      the customer's prize group still the one priced with → else 'STALE' (the caller looks the
--      session up afresh and places again);
--   1. the client key seen before → 'REPLAY' with that order's id;
--   2. p_refusals[i] = 1 (a draw type the catalogue does not know) → 'REFUSED': the caller throws
--      the error it already has;
--   3. the draw type enabled for the play mode → else 'CLOSED';
--   4. p_refusals[i] = 2 (the engine refused a bet) → 'REFUSED';
--   5. periodic issues: the issue number given ('INVALID' 请选择投注期号), the issue existing
--      ('INVALID' 期号不存在), OPEN with closes_at after the order's now ('CONFLICT' 已撤销 / 尚未开售 /
--      已截止投注);
--   6. protection (decisions §8): self-exclusion, cooling-off, loss limits (pending raises that fell
--      due are applied first) → 'FORBIDDEN' with the message (bet_protection_refusal below);
--   7. the wallet covers the stake → else 'INSUFFICIENT' (one UPDATE checks and debits; a later refusal of
--      the order gives the debit back);
--   8. instant orders: the next nonce of the player's shown seed (→ 'CONFLICT' when none was shown);
--   9. the order, its bets, the house shard (created on first use), the BET transfer bet:<orderId>
--      with its two entries → 'PLACED' with the balance after the debit (and the seed for an instant
--      order: the caller draws and settles it before the commit).

DROP FUNCTION IF EXISTS place_orders_fast(bigint[], text[], text[], text[], text[], numeric[], integer[], bigint[], integer[], bigint[],
  text[], bigint[], bytea[], integer[], integer[], text[], text[], jsonb[], text[], integer[], integer[], integer[], bigint[], bigint[]);
--> statement-breakpoint
-- "¥12.34" for a non-negative amount in 0.0001 元, floored to the fen (formatMoney in src/shared/money.ts).
CREATE FUNCTION placement_money(p_amount bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '¥' || (p_amount / 10000)::text || '.' || lpad(((p_amount / 100) % 100)::text, 2, '0')
$$;
--> statement-breakpoint
-- Why the customer may not bet `p_stake` now, in the words of assertMayBet (src/server/protection/
-- guards.ts), or NULL. The caller holds the customer's protection advisory lock. Periods are Beijing
-- calendar periods (UTC+8): the day, the week from Monday, the month.
CREATE FUNCTION bet_protection_refusal(p_customer bigint, p_stake bigint, p_now timestamptz) RETURNS text
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
    -- Net loss: BET − WIN − REB − REF on the wallet (netLossSince in src/server/protection/ledger-totals.ts).
    SELECT -coalesce(sum(e.amount), 0)::bigint INTO v_used
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE a.customer_id = p_customer AND a.kind = 'PLAYER_MAIN' AND t.type IN ('BET', 'WIN', 'REB', 'REF') AND e.created_at >= v_since;
    IF (p_stake > 0 AND v_used + p_stake > v_limit.amount) OR (p_stake <= 0 AND v_used >= v_limit.amount) THEN
      v_name := CASE v_limit.period WHEN 'DAILY' THEN '每日' WHEN 'WEEKLY' THEN '每周' ELSE '每月' END || '亏损限额';
      RETURN format('已达到%s（%s），本期还可投注 %s', v_name, placement_money(v_limit.amount), placement_money(greatest(0, v_limit.amount - v_used)));
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION place_orders(
  p_customers bigint[], p_client_keys text[], p_draw_types text[], p_play_modes text[], p_issue_numbers text[],
  p_now_ms numeric[], p_bet_totals integer[], p_stakes bigint[], p_prize_groups integer[], p_autobet_ids bigint[],
  p_house_codes text[], p_session_ids bigint[], p_token_hashes bytea[], p_refusals integer[], p_instant boolean[],
  p_client_seeds text[], p_bet_first integer[], p_bet_count integer[],
  b_codes text[], b_names text[], b_selections jsonb[], b_modes text[], b_multipliers integer[],
  b_prize_groups integer[], b_bet_counts integer[], b_stakes bigint[], b_rebates bigint[]
) RETURNS TABLE (idx integer, outcome text, order_id bigint, balance bigint, message text,
                 seed_id bigint, server_seed text, server_seed_hash text, client_seed text, nonce integer)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(p_customers, 1), 0);
  i integer;
  attempt integer;
  v_customer bigint;
  v_stake bigint;
  v_now timestamptz;
  -- Looked up once per batch: the enabled draw type / play mode pairs, and the players who have any
  -- protection row (only they go through bet_protection_refusal).
  v_enabled text[];
  v_protected bigint[];
  -- The issue of the previous order, kept while the next order names the same one.
  v_issue record;
  v_issue_key text := NULL;
  v_issue_id bigint;
  v_same_group boolean;
  v_wallet bigint;
  v_house bigint;
  v_house_balance bigint;
  v_transfer bigint;
  v_first integer;
  v_last integer;
BEGIN
  PERFORM 1 FROM draw_issues d
   WHERE (d.draw_type, d.issue_number) IN (SELECT t, u FROM unnest(p_draw_types, p_issue_numbers) AS x(t, u) WHERE u IS NOT NULL)
   ORDER BY d.id FOR SHARE;
  FOR v_customer IN SELECT DISTINCT c FROM unnest(p_customers) AS c ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7412201, (v_customer % 2147483647)::integer);
  END LOOP;
  PERFORM 1 FROM ledger_accounts a
   WHERE a.code = ANY (ARRAY(SELECT 'player:' || c || ':main' FROM unnest(p_customers) AS c) || p_house_codes)
   ORDER BY a.id FOR UPDATE;
  v_enabled := ARRAY(SELECT g.draw_type || '/' || m FROM own_games g, unnest(g.play_modes) AS m
                      WHERE g.enabled AND g.draw_type = ANY (p_draw_types));
  v_protected := ARRAY(SELECT l.customer_id FROM protection_limits l WHERE l.customer_id = ANY (p_customers)
                       UNION
                       SELECT s.customer_id FROM protection_settings s WHERE s.customer_id = ANY (p_customers)
                          AND (s.cooling_off_until IS NOT NULL OR s.self_excluded_until IS NOT NULL));

  FOR i IN 1 .. n LOOP
    idx := i;
    order_id := NULL;
    balance := NULL;
    message := NULL;
    seed_id := NULL;
    server_seed := NULL;
    server_seed_hash := NULL;
    client_seed := NULL;
    nonce := NULL;
    v_customer := p_customers[i];
    v_stake := p_stakes[i];
    v_now := to_timestamp(p_now_ms[i] / 1000.0);
    v_issue_id := NULL;

    IF p_session_ids[i] IS NOT NULL THEN
      SELECT c.prize_group = p_prize_groups[i] INTO v_same_group
        FROM sessions s JOIN customers c ON c.id = s.customer_id
       WHERE s.id = p_session_ids[i] AND s.token_hash = p_token_hashes[i] AND s.customer_id = v_customer
         AND s.revoked_at IS NULL AND s.expires_at > now();
      IF NOT FOUND THEN
        outcome := 'NOSESSION';
        RETURN NEXT;
        CONTINUE;
      END IF;
      IF NOT v_same_group THEN
        outcome := 'STALE';
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    SELECT o.id INTO order_id FROM orders o WHERE o.customer_id = v_customer AND o.client_key = p_client_keys[i];
    IF FOUND THEN
      outcome := 'REPLAY';
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF p_refusals[i] = 1 THEN
      outcome := 'REFUSED';
      RETURN NEXT;
      CONTINUE;
    END IF;
    IF NOT (p_draw_types[i] || '/' || p_play_modes[i]) = ANY (v_enabled) THEN
      outcome := 'CLOSED';
      RETURN NEXT;
      CONTINUE;
    END IF;
    IF p_refusals[i] = 2 THEN
      outcome := 'REFUSED';
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF NOT p_instant[i] THEN
      IF p_issue_numbers[i] IS NULL OR p_issue_numbers[i] = '' THEN
        outcome := 'INVALID';
        message := '请选择投注期号';
      ELSE
        IF v_issue_key IS DISTINCT FROM p_draw_types[i] || '/' || p_issue_numbers[i] THEN
          v_issue_key := NULL;
          SELECT d.id, d.state, floor(extract(epoch FROM d.opens_at) * 1000) AS opens_ms, floor(extract(epoch FROM d.closes_at) * 1000) AS closes_ms
            INTO v_issue
            FROM draw_issues d WHERE d.draw_type = p_draw_types[i] AND d.issue_number = p_issue_numbers[i];
          IF FOUND THEN
            v_issue_key := p_draw_types[i] || '/' || p_issue_numbers[i];
          END IF;
        END IF;
        IF v_issue_key IS NULL THEN
          outcome := 'INVALID';
          message := '期号不存在';
        ELSIF v_issue.state = 'CANCELLED' THEN
          outcome := 'CONFLICT';
          message := format('第 %s 期已撤销，不能投注', p_issue_numbers[i]);
        ELSIF v_issue.opens_ms > p_now_ms[i] OR v_issue.state = 'SCHEDULED' THEN
          outcome := 'CONFLICT';
          message := format('第 %s 期尚未开售', p_issue_numbers[i]);
        ELSIF v_issue.state <> 'OPEN' OR v_issue.closes_ms <= p_now_ms[i] THEN
          outcome := 'CONFLICT';
          message := format('第 %s 期已截止投注', p_issue_numbers[i]);
        ELSE
          v_issue_id := v_issue.id;
        END IF;
      END IF;
      IF message IS NOT NULL THEN
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    IF v_customer = ANY (v_protected) THEN
      message := bet_protection_refusal(v_customer, v_stake, v_now);
      IF message IS NOT NULL THEN
        outcome := 'FORBIDDEN';
        RETURN NEXT;
        CONTINUE;
      END IF;
    END IF;

    -- The balance check and the debit in one statement (a missing wallet holds nothing).
    UPDATE ledger_accounts a SET balance = a.balance - v_stake
     WHERE a.code = 'player:' || v_customer || ':main' AND (a.allow_negative OR a.balance >= v_stake)
    RETURNING a.id, a.balance INTO v_wallet, balance;
    IF NOT FOUND THEN
      outcome := 'INSUFFICIENT';
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF p_instant[i] THEN
      -- The next nonce of the shown seed (takeInstantNonce's rules: a client seed sent with the bet
      -- applies to a seed with no bet yet). A rotation that retired the seed while this waited for its
      -- row: the next statement (a new snapshot) sees the new seed.
      FOR attempt IN 1 .. 5 LOOP
        UPDATE instant_seeds s
           SET next_nonce = s.next_nonce + 1,
               client_seed = CASE WHEN s.next_nonce = 0 AND p_client_seeds[i] IS NOT NULL THEN p_client_seeds[i] ELSE s.client_seed END
         WHERE s.customer_id = v_customer AND s.active AND s.hash_shown_at IS NOT NULL
        RETURNING s.id, s.server_seed, s.server_seed_hash, s.client_seed, s.next_nonce - 1
          INTO seed_id, server_seed, server_seed_hash, client_seed, nonce;
        EXIT WHEN FOUND;
        IF NOT EXISTS (SELECT 1 FROM instant_seeds s WHERE s.customer_id = v_customer AND s.active AND s.hash_shown_at IS NOT NULL) THEN
          message := '投注前须先公布本轮服务器种子哈希，请刷新页面查看后再投注';
          EXIT;
        END IF;
      END LOOP;
      IF seed_id IS NULL THEN
        UPDATE ledger_accounts a SET balance = a.balance + v_stake WHERE a.id = v_wallet;
        outcome := 'CONFLICT';
        balance := NULL;
        message := coalesce(message, '服务器种子已被另一个请求更换，请刷新后查看新的种子');
        RETURN NEXT;
        CONTINUE;
      END IF;
      order_id := nextval('orders_id_seq');
    END IF;

    INSERT INTO orders (id, customer_id, client_key, draw_type, play_mode, issue_id, issue_number, bet_count, total_stake,
                        prize_group, created_at, is_autobet, autobet_id, instant_seed_id, instant_nonce)
    VALUES (coalesce(order_id, nextval('orders_id_seq')), v_customer, p_client_keys[i], p_draw_types[i], p_play_modes[i], v_issue_id,
            coalesce(p_issue_numbers[i], order_id::text), p_bet_totals[i],
            v_stake, p_prize_groups[i], v_now, p_autobet_ids[i] IS NOT NULL, p_autobet_ids[i], seed_id, nonce)
    ON CONFLICT (customer_id, client_key) DO NOTHING
    RETURNING id INTO order_id;
    IF NOT FOUND THEN
      -- Placed meanwhile by a transaction outside this scheme (the protection lock makes it rare):
      -- the debit above is returned and that order answers.
      UPDATE ledger_accounts a SET balance = a.balance + v_stake WHERE a.id = v_wallet;
      SELECT o.id INTO order_id FROM orders o WHERE o.customer_id = v_customer AND o.client_key = p_client_keys[i];
      outcome := 'REPLAY';
      balance := NULL;
      seed_id := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    v_first := p_bet_first[i];
    v_last := v_first + p_bet_count[i] - 1;
    INSERT INTO order_bets (order_id, seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate)
    SELECT place_orders.order_id, b.seq, b.code, b.name, b.selection, b.mode, b.multiplier, b.prize_group, b.bet_count, b.stake, b.rebate
      FROM unnest(b_codes[v_first:v_last], b_names[v_first:v_last], b_selections[v_first:v_last], b_modes[v_first:v_last],
                  b_multipliers[v_first:v_last], b_prize_groups[v_first:v_last], b_bet_counts[v_first:v_last],
                  b_stakes[v_first:v_last], b_rebates[v_first:v_last])
           WITH ORDINALITY AS b(code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate, seq);

    UPDATE ledger_accounts a SET balance = a.balance + v_stake WHERE a.code = p_house_codes[i] RETURNING a.id, a.balance INTO v_house, v_house_balance;
    IF NOT FOUND THEN
      INSERT INTO ledger_accounts (code, kind, allow_negative, balance) VALUES (p_house_codes[i], 'HOUSE', true, v_stake)
      ON CONFLICT (code) DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance
      RETURNING id, ledger_accounts.balance INTO v_house, v_house_balance;
    END IF;
    WITH transfer AS (
      INSERT INTO ledger_transfers (idempotency_key, type, reference, state)
      VALUES ('bet:' || order_id, 'BET', 'order:' || order_id, 'POSTED') RETURNING id
    )
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
    SELECT transfer.id, e.account_id, e.amount, e.balance_after
      FROM transfer, (VALUES (v_wallet, -v_stake, balance), (v_house, v_stake, v_house_balance)) AS e(account_id, amount, balance_after);
    outcome := 'PLACED';
    RETURN NEXT;
  END LOOP;
END;
$$;
