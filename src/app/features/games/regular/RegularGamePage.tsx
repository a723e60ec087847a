import { Paper, Stack } from '@mantine/core';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { OrderDetail } from '../../../../shared/api/orders.ts';
import { getDrawType } from '../../../../shared/catalogue/draw-types.ts';
import { getMethod, methodLimits, methodTree, randomSelection, type MethodDefinition, type Selection } from '../../../../shared/lottery/index.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useAutobetAvailable, useOpenAutobetScreen } from '../../autobet/index.ts';
import { RECENT_LIMITS } from '../../../lib/preferences/definitions.ts';
import { preferences } from '../../../lib/preferences/store.ts';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { GamePageLayout } from '../common/GamePageLayout.tsx';
import { IssueBar } from '../common/IssueBar.tsx';
import { clampPrizeGroup, prizeGroupRange, usePlayerPrizeGroup } from '../common/prize-group.ts';
import { RecentResults } from '../common/RecentResults.tsx';
import { useRecordVisit } from '../common/recent-visits.ts';
import { useBetGate } from '../common/use-bet-gate.ts';
import { salesBlockedReason, useDrawIssue, type IssueView } from '../draws/use-draw-issue.ts';
import { LazyConfirmOrderDialog, LazyInstantResultDialog, useWarmOrderDialogs } from '../orders/lazy-dialogs.tsx';
import { InstantSeedPanel } from '../orders/InstantSeedPanel.tsx';
import { MyOrders } from '../orders/MyOrders.tsx';
import { placeWithOrderKey, type OrderContent } from '../orders/order-key.ts';
import { usePlaceOrder } from '../orders/use-place-order.ts';
import { BetSlip, slipTotals } from './BetSlip.tsx';
import { LineSummary } from './LineSummary.tsx';
import { MethodHelp } from './MethodHelp.tsx';
import { MethodPicker } from './MethodPicker.tsx';
import { ModePicker } from './ModePicker.tsx';
import { checkMultiplier, withRecentMultiplier } from './multiplier.ts';
import { MultiplierInput } from './MultiplierInput.tsx';
import { PrizeSlider } from './PrizeSlider.tsx';
import { RegularBetBar } from './RegularBetBar.tsx';
import { firstMethodId, regularActions } from './regular-actions.ts';
import { betInput, draftSelection, emptyDraft, quoteSelection, selectionSummary, type DraftQuote, type LineSettings, type SlipLine } from './regular-line.ts';
import { nextLineId, regularStore, useRegularGameState } from './regular-store.ts';
import { SelectionPanel } from './SelectionPanel.tsx';
import '../games.css';

/** The player's settings for new lines: mode, multiplier, prize group (or none for fixed prizes). */
function useLineSettings(drawType: string, method: MethodDefinition, multiplierText: string) {
  const [mode, setMode] = usePreference('cashType');
  const [gamePrize] = usePreference('gamePrize');
  const playerGroup = usePlayerPrizeGroup();
  const limits = methodLimits(drawType, method.id);
  const range = limits.prizeGroup ? prizeGroupRange(limits.prizeGroup, playerGroup) : null;
  const prizeGroup = range ? clampPrizeGroup(gamePrize[drawType], range) : null;
  const checked = checkMultiplier(multiplierText, limits.maxMultiplier);
  const multiplier = checked.ok ? checked.value : null;
  const setPrizeGroup = useCallback(
    (group: number) => preferences.set('gamePrize', { ...preferences.get('gamePrize'), [drawType]: group }),
    [drawType],
  );
  const settings = useMemo<LineSettings | null>(
    () => (multiplier === null ? null : { mode, multiplier, prizeGroup, userPrizeGroup: playerGroup }),
    [multiplier, mode, prizeGroup, playerGroup],
  );
  return { mode, setMode, range, prizeGroup, setPrizeGroup, playerGroup, limits, settings };
}

function toSlipLine(drawType: string, method: MethodDefinition, selection: Selection, settings: LineSettings): SlipLine | null {
  const quote = quoteSelection(drawType, method, selection, settings);
  if (quote.status !== 'ok') return null;
  return {
    id: nextLineId(),
    methodId: method.id,
    methodName: method.fullName,
    selection: quote.selection,
    summary: selectionSummary(method, quote.selection),
    mode: settings.mode,
    multiplier: settings.multiplier,
    prizeGroup: settings.prizeGroup,
    bets: quote.bets,
    stake: quote.stake,
    rebate: quote.rebate,
  };
}

/** What the confirm dialog sends: the slip's lines, plus the current picks when they came from the bet bar. */
interface PendingOrder {
  lines: SlipLine[];
  withPicks: boolean;
}

function useSubmitSlip(drawType: string, issue: IssueView, onInstant: (order: OrderDetail) => void) {
  const place = usePlaceOrder(drawType);
  return async ({ lines, withPicks }: PendingOrder): Promise<boolean> => {
    try {
      const content: OrderContent = {
        playMode: 'REGULAR',
        drawType,
        ...(issue.issue && issue.phase !== 'instant' ? { issueNumber: issue.issue.issueNumber } : {}),
        bets: lines.map(betInput),
      };
      const { order } = await placeWithOrderKey(content, (body) => place.mutateAsync(body));
      regularActions(drawType).clearSlip();
      if (withPicks) regularActions(drawType).clearPicks();
      const used = [...new Set(lines.map((l) => l.multiplier))];
      preferences.set(
        'recentBetMultipliers',
        used.reduce((list, m) => withRecentMultiplier(list, m, RECENT_LIMITS.betMultipliers), preferences.get('recentBetMultipliers')),
      );
      if (order.result) onInstant(order);
      else toastSuccess(`投注成功，第 ${order.issueNumber} 期`);
      return true;
    } catch {
      return false;
    }
  };
}

/** Results and the player's orders: they refresh on their own and never re-render with the picks. */
const SidePanels = memo(function SidePanels({ drawType, instant }: { drawType: string; instant: boolean }) {
  return (
    <Stack gap="md">
      {!instant && <RecentResults drawType={drawType} />}
      <MyOrders drawType={drawType} instant={instant} />
      {instant && <InstantSeedPanel />}
    </Stack>
  );
});

export function RegularGamePage({ drawType }: { drawType: string }) {
  const info = getDrawType(drawType);
  const tree = useMemo(() => methodTree(drawType), [drawType]);
  const actions = regularActions(drawType);
  const state = useRegularGameState(drawType);
  const methodId = state.draft?.methodId ?? firstMethodId(drawType);
  const method = useMemo(() => getMethod(drawType, methodId), [drawType, methodId]);
  const draft = useMemo(() => state.draft ?? emptyDraft(method), [state.draft, method]);
  const gate = useBetGate();
  const view = useDrawIssue(drawType);
  const line = useLineSettings(drawType, method, state.multiplierText);
  const { settings } = line;
  const [pending, setPending] = useState<PendingOrder | null>(null);
  const [instantOrder, setInstantOrder] = useState<OrderDetail | null>(null);
  const submit = useSubmitSlip(drawType, view, setInstantOrder);
  useRecordVisit(drawType, 'REGULAR', gate.loggedIn);
  useWarmOrderDialogs();

  // Large 单式 pastes are re-priced after the keystroke has painted.
  const deferredDraft = useDeferredValue(draft);
  const quote = useMemo<DraftQuote>(
    () => (settings ? quoteSelection(drawType, method, draftSelection(drawType, method, deferredDraft), settings) : { status: 'invalid', message: '请输入有效的倍数' }),
    [drawType, method, deferredDraft, settings],
  );

  const addCurrent = useCallback(() => {
    if (!settings) return;
    const made = toSlipLine(drawType, method, draftSelection(drawType, method, draft), settings);
    if (!made) return;
    actions.addLines([made]);
    actions.clearPicks();
  }, [actions, drawType, method, draft, settings]);
  const addRandom = useCallback(
    (count: number) => {
      if (!settings) return;
      const made = Array.from({ length: count }, () => toSlipLine(drawType, method, randomSelection(drawType, method.id), settings));
      actions.addLines(made.filter((l): l is SlipLine => l !== null));
    },
    [actions, drawType, method, settings],
  );
  const { ensureLoggedIn } = gate;
  const openConfirm = useCallback(() => {
    if (ensureLoggedIn()) setPending({ lines: regularStore(drawType).get().slip, withPicks: false });
  }, [ensureLoggedIn, drawType]);
  // The bar's 投注: the picks on screen go straight into the order, after the slip's lines.
  const betNow = useCallback(() => {
    if (!settings || !ensureLoggedIn()) return;
    const made = toSlipLine(drawType, method, draftSelection(drawType, method, draft), settings);
    setPending({ lines: [...regularStore(drawType).get().slip, ...(made ? [made] : [])], withPicks: made !== null });
  }, [ensureLoggedIn, drawType, method, draft, settings]);
  const slip = slipTotals(state.slip);
  const bar = quote.status === 'ok' ? { bets: slip.bets + quote.bets, stake: slip.stake + quote.stake } : slip;
  const totals = pending ? slipTotals(pending.lines) : slip;
  const autobetAvailable = useAutobetAvailable(drawType);
  const openAutobet = useOpenAutobetScreen();
  const startAutobet = useCallback(
    () => openAutobet({ drawType, playMode: 'REGULAR', bets: regularStore(drawType).get().slip.map(betInput) }),
    [openAutobet, drawType],
  );

  return (
    <GamePageLayout
      info={info}
      mode="REGULAR"
      issueBar={<IssueBar drawType={drawType} view={view} />}
      side={<SidePanels drawType={drawType} instant={info.instant} />}
      betBar={
        <RegularBetBar
          bets={bar.bets}
          stake={bar.stake}
          problem={quote.status === 'invalid' ? quote.message : null}
          mode={line.mode}
          onMode={line.setMode}
          multiplierText={state.multiplierText}
          onMultiplier={actions.setMultiplierText}
          blockedReason={gate.blockedReason}
          onBet={betNow}
        />
      }
    >
      <Stack gap="md">
        <Paper withBorder p="sm">
          <MethodPicker tree={tree} groupName={method.group} methodId={method.id} onGroup={actions.selectGroup} onMethod={actions.selectMethod} />
        </Paper>
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <MethodHelp method={method} />
            <SelectionPanel drawType={drawType} method={method} draft={draft} actions={actions} />
            <div className="jl-settings">
              <ModePicker value={line.mode} onChange={line.setMode} />
              <MultiplierInput text={state.multiplierText} methodMax={line.limits.maxMultiplier} onChange={actions.setMultiplierText} />
              {line.range && line.prizeGroup !== null && (
                <PrizeSlider
                  drawType={drawType}
                  methodId={method.id}
                  range={line.range}
                  playerGroup={line.playerGroup}
                  value={line.prizeGroup}
                  mode={line.mode}
                  onChange={line.setPrizeGroup}
                />
              )}
            </div>
            <LineSummary quote={quote} onAdd={addCurrent} onRandom={addRandom} onClear={actions.clearPicks} />
          </Stack>
        </Paper>
        <BetSlip
          lines={state.slip}
          blockedReason={gate.blockedReason}
          onRemove={actions.removeLine}
          onClear={actions.clearSlip}
          onBet={openConfirm}
          onAutobet={autobetAvailable ? startAutobet : undefined}
        />
      </Stack>
      {pending && (
        <LazyConfirmOrderDialog
          drawName={info.name}
          issueNumber={info.instant ? null : (view.issue?.issueNumber ?? null)}
          lines={pending.lines.map((l) => ({ key: l.id, title: `${l.methodName} · ${l.multiplier}倍`, detail: l.summary, amount: l.stake }))}
          betCount={totals.bets}
          total={totals.stake}
          blockedReason={gate.blockedReason ?? salesBlockedReason(view)}
          onConfirm={() => submit(pending)}
          onClose={() => setPending(null)}
        />
      )}
      {instantOrder && <LazyInstantResultDialog drawType={drawType} order={instantOrder} onClose={() => setInstantOrder(null)} />}
    </GamePageLayout>
  );
}
