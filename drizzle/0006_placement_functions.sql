-- Bet placement in batches: src/server/orders/place-batch.ts gathers the orders that arrive while
-- the previous batch runs and places them with ONE statement (one round trip, one transaction, one
-- commit). Each order gets its own outcome; a refused order writes nothing and does not disturb the
-- others, because every check comes before any write of that order.
--
-- Locks, taken first and always in this order (issue rows FOR SHARE by id, the players' protection
-- advisory locks by customer id, the existing wallet and house accounts FOR UPDATE by id), so that
-- concurrent batches, the general path (place.ts: issue, then assertMayBet's advisory lock, then
-- postTransfers' accounts in id order) and settlement (accounts in id order) cannot deadlock on them.
-- The advisory lock also makes a player's orders in different transactions take turns, as before.
--
-- Per order i, the same steps, in the same order, as the transaction of place.ts's general path:
--   0. when the caller used its cached session (p_session_ids[i] not null): the session must still be
--      live (not revoked, not expired, this customer's, this token's) → else 'NOSESSION'; and the
--      customer's prize group still the one priced with → else 'STALE';
--   1. the client key seen before → 'REPLAY' with that order's id;
--   2. the draw type enabled for the play mode → else 'CLOSED' (the caller words the message);
--   3. the issue: it must exist ('INVALID' 期号不存在) and be OPEN with closes_at after the order's
--      now ('CONFLICT' 已撤销 / 尚未开售 / 已截止投注);
--   4. a player with any limit row, or a cooling-off / self-exclusion still running → 'SLOW': the
--      caller runs the general path, whose assertMayBet applies pending limit changes, measures the
--      losses and words the refusal;
--   5. the wallet must cover the stake (a missing wallet holds nothing) → else 'INSUFFICIENT' 余额不足;
--   6. the order (ON CONFLICT on the client key → 'REPLAY') and its bets (p_bet_first[i], p_bet_count[i]
--      index the b_* arrays); the house shard (created on first use); the BET transfer bet:<orderId>
--      with its two entries (−stake on the wallet, +stake on the house shard, each with balance_after)
--      → 'PLACED' with the wallet's balance after the debit.
CREATE FUNCTION place_orders_fast(
  p_customers bigint[], p_client_keys text[], p_draw_types text[], p_play_modes text[], p_issue_numbers text[],
  p_now_ms numeric[], p_bet_totals integer[], p_stakes bigint[], p_prize_groups integer[], p_autobet_ids bigint[],
  p_house_codes text[], p_session_ids bigint[], p_token_hashes bytea[], p_bet_first integer[], p_bet_count integer[],
  b_codes text[], b_names text[], b_selections jsonb[], b_modes text[], b_multipliers integer[],
  b_prize_groups integer[], b_bet_counts integer[], b_stakes bigint[], b_rebates bigint[]
) RETURNS TABLE (idx integer, outcome text, order_id bigint, balance bigint, message text)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(p_customers, 1), 0);
  i integer;
  v_customer bigint;
  v_stake bigint;
  v_now timestamptz;
  v_issue record;
  v_wallet record;
  v_house bigint;
  v_house_balance bigint;
  v_transfer bigint;
  v_first integer;
  v_last integer;
BEGIN
  PERFORM 1 FROM draw_issues d
   WHERE (d.draw_type, d.issue_number) IN (SELECT t, u FROM unnest(p_draw_types, p_issue_numbers) AS x(t, u))
   ORDER BY d.id FOR SHARE;
  -- Same lock as assertMayBet (src/server/protection/guards.ts): PROTECTION_LOCK, customer mod 2^31−1.
  FOR v_customer IN SELECT DISTINCT c FROM unnest(p_customers) AS c ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7412201, (v_customer % 2147483647)::integer);
  END LOOP;
  PERFORM 1 FROM ledger_accounts a
   WHERE a.code = ANY (ARRAY(SELECT 'player:' || c || ':main' FROM unnest(p_customers) AS c) || p_house_codes)
   ORDER BY a.id FOR UPDATE;

  FOR i IN 1 .. n LOOP
    idx := i;
    order_id := NULL;
    balance := NULL;
    message := NULL;
    v_customer := p_customers[i];
    v_stake := p_stakes[i];
    v_now := to_timestamp(p_now_ms[i] / 1000.0);

    IF p_session_ids[i] IS NOT NULL THEN
      IF NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = p_session_ids[i] AND s.token_hash = p_token_hashes[i]
                       AND s.customer_id = v_customer AND s.revoked_at IS NULL AND s.expires_at > now()) THEN
        outcome := 'NOSESSION';
        RETURN NEXT;
        CONTINUE;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = v_customer AND c.prize_group = p_prize_groups[i]) THEN
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

    IF NOT EXISTS (SELECT 1 FROM own_games g WHERE g.draw_type = p_draw_types[i] AND g.enabled AND p_play_modes[i] = ANY (g.play_modes)) THEN
      outcome := 'CLOSED';
      RETURN NEXT;
      CONTINUE;
    END IF;

    SELECT d.id, d.state, floor(extract(epoch FROM d.opens_at) * 1000) AS opens_ms, floor(extract(epoch FROM d.closes_at) * 1000) AS closes_ms
      INTO v_issue
      FROM draw_issues d WHERE d.draw_type = p_draw_types[i] AND d.issue_number = p_issue_numbers[i];
    IF NOT FOUND THEN
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
    END IF;
    IF message IS NOT NULL THEN
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF EXISTS (SELECT 1 FROM protection_limits l WHERE l.customer_id = v_customer)
       OR EXISTS (SELECT 1 FROM protection_settings s WHERE s.customer_id = v_customer
                    AND (s.cooling_off_until > v_now OR s.self_excluded_until > v_now)) THEN
      outcome := 'SLOW';
      RETURN NEXT;
      CONTINUE;
    END IF;

    SELECT a.id, a.balance, a.allow_negative INTO v_wallet FROM ledger_accounts a WHERE a.code = 'player:' || v_customer || ':main';
    IF NOT FOUND OR NOT (v_wallet.allow_negative OR v_wallet.balance >= v_stake) THEN
      outcome := 'INSUFFICIENT';
      RETURN NEXT;
      CONTINUE;
    END IF;

    order_id := nextval('orders_id_seq');
    INSERT INTO orders (id, customer_id, client_key, draw_type, play_mode, issue_id, issue_number, bet_count, total_stake,
                        prize_group, created_at, is_autobet, autobet_id)
    VALUES (order_id, v_customer, p_client_keys[i], p_draw_types[i], p_play_modes[i], v_issue.id, p_issue_numbers[i], p_bet_totals[i],
            v_stake, p_prize_groups[i], v_now, p_autobet_ids[i] IS NOT NULL, p_autobet_ids[i])
    ON CONFLICT (customer_id, client_key) DO NOTHING;
    IF NOT FOUND THEN
      SELECT o.id INTO order_id FROM orders o WHERE o.customer_id = v_customer AND o.client_key = p_client_keys[i];
      outcome := 'REPLAY';
      RETURN NEXT;
      CONTINUE;
    END IF;
    v_first := p_bet_first[i];
    v_last := v_first + p_bet_count[i] - 1;
    INSERT INTO order_bets (order_id, seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate)
    SELECT place_orders_fast.order_id, b.seq, b.code, b.name, b.selection, b.mode, b.multiplier, b.prize_group, b.bet_count, b.stake, b.rebate
      FROM unnest(b_codes[v_first:v_last], b_names[v_first:v_last], b_selections[v_first:v_last], b_modes[v_first:v_last],
                  b_multipliers[v_first:v_last], b_prize_groups[v_first:v_last], b_bet_counts[v_first:v_last],
                  b_stakes[v_first:v_last], b_rebates[v_first:v_last])
           WITH ORDINALITY AS b(code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate, seq);

    SELECT a.id INTO v_house FROM ledger_accounts a WHERE a.code = p_house_codes[i];
    IF NOT FOUND THEN
      INSERT INTO ledger_accounts (code, kind, allow_negative) VALUES (p_house_codes[i], 'HOUSE', true)
      ON CONFLICT (code) DO UPDATE SET code = EXCLUDED.code RETURNING id INTO v_house;
    END IF;
    UPDATE ledger_accounts a SET balance = a.balance - v_stake WHERE a.id = v_wallet.id RETURNING a.balance INTO balance;
    UPDATE ledger_accounts a SET balance = a.balance + v_stake WHERE a.id = v_house RETURNING a.balance INTO v_house_balance;
    INSERT INTO ledger_transfers (idempotency_key, type, reference, state)
    VALUES ('bet:' || order_id, 'BET', 'order:' || order_id, 'POSTED') RETURNING id INTO v_transfer;
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
    VALUES (v_transfer, v_wallet.id, -v_stake, balance), (v_transfer, v_house, v_stake, v_house_balance);
    outcome := 'PLACED';
    RETURN NEXT;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The live-event outbox append (src/server/events/outbox.ts) as one statement: the global advisory
-- lock is taken before the ids are drawn and held until the statement's implicit transaction has
-- committed, so ids become visible in commit order; then one NOTIFY whose payload is the highest id
-- appended (every lower id is committed by then: a hub with no stream open moves its cursor there
-- without reading the rows).
CREATE FUNCTION append_live_events(p_customers bigint[], p_types text[], p_payloads jsonb[])
RETURNS SETOF bigint LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];
BEGIN
  PERFORM pg_advisory_xact_lock(7412002);
  WITH appended AS (
    INSERT INTO live_events (customer_id, type, payload)
    SELECT * FROM unnest(p_customers, p_types, p_payloads) RETURNING id
  )
  SELECT array_agg(id ORDER BY id) INTO v_ids FROM appended;
  PERFORM pg_notify('jinli_events', v_ids[array_upper(v_ids, 1)]::text);
  RETURN QUERY SELECT unnest(v_ids);
END;
$$;
