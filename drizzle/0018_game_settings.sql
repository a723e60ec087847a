-- Issue 16 (back office, games): the operator's regular-mode limits per draw type, and the board odds
-- and rebates per draw type as versions (a board bet settles at the odds in force when it was placed).
-- Which games and play modes are open stays in own_games (enabled, play_modes).
CREATE TABLE game_regular_limits (
  draw_type text PRIMARY KEY,
  -- null where the draw type has no prize groups (fixed-prize categories) or no regular mode
  prize_group_min integer,
  prize_group_max integer,
  max_multiplier integer,
  -- null: no limit on the whole order beyond each method's own
  max_bets_per_order integer,
  -- 0.0001 元
  max_payout_per_order bigint NOT NULL,
  max_payout_per_issue bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT game_regular_limits_prize_group CHECK (
    (prize_group_min IS NULL) = (prize_group_max IS NULL)
    AND (prize_group_min IS NULL OR (prize_group_min >= 1000 AND prize_group_min <= prize_group_max AND prize_group_max <= 2000))),
  CONSTRAINT game_regular_limits_multiplier CHECK (max_multiplier IS NULL OR max_multiplier > 0),
  CONSTRAINT game_regular_limits_bets CHECK (max_bets_per_order IS NULL OR max_bets_per_order > 0),
  CONSTRAINT game_regular_limits_payouts CHECK (max_payout_per_order > 0 AND max_payout_per_issue >= max_payout_per_order)
);
--> statement-breakpoint
CREATE TABLE game_board_settings (
  id bigserial PRIMARY KEY,
  draw_type text NOT NULL,
  -- { betTypeId: { oddsKey: odds (1/10000) } } and { betTypeId: rebate (1/10000 of the stake) }:
  -- only what differs from the engine's defaults
  odds jsonb NOT NULL DEFAULT '{}'::jsonb,
  rebates jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- on the draw clock, as orders.created_at: orders placed from this instant settle at these odds
  effective_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX game_board_settings_draw_type ON game_board_settings (draw_type, effective_at, id);
--> statement-breakpoint
-- Versions are history: a change is a new row, never an edit.
CREATE FUNCTION game_board_settings_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'game_board_settings is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER game_board_settings_append_only BEFORE UPDATE OR DELETE ON game_board_settings
  FOR EACH ROW EXECUTE FUNCTION game_board_settings_append_only();
