import { Button, CloseButton, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState, type CSSProperties } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import { useIsPhone } from '../../lib/device.ts';
import { useSimpleStore } from '../../lib/store/simple-store.ts';
import { useOpenOrderDetail } from '../orders/order-detail-search.ts';
import { drawTypeName, formatSignedMoney, issueLabel, playModeLabel } from '../orders/order-labels.ts';
import {
  dismissAllSettlementPopups,
  dismissSettlementPopup,
  isStacked,
  popupMessages,
  settlementPopupTitle,
  settlementPopups,
  type OrderSettledMessage,
  type SettlementPopup,
} from './settlement-popups.ts';

/** Above modals (200) and the order detail (210), below toasts. */
const POPUP_Z_INDEX = 300;

function containerStyle(phone: boolean, top: number): CSSProperties {
  const place: CSSProperties = phone ? { top, left: 8, right: 8 } : { top, right: 16, width: 340 };
  return { position: 'fixed', zIndex: POPUP_Z_INDEX, display: 'flex', flexDirection: 'column', gap: 8, maxHeight: `calc(100dvh - ${top + 24}px)`, ...place };
}

const ISSUE_BAR = '[data-testid="issue-bar"]';
const CLEARANCE_PX = 8;
const RECHECK_MS = 500;

/**
 * Where the popups start: below the header, and below a game page's issue bar, so they never cover
 * its countdown (the bar is sticky: it moves while the page scrolls, and appears on navigation).
 */
function useTopClearOfIssueBar(headerTop: number): number {
  const [top, setTop] = useState(headerTop);
  useEffect(() => {
    const update = () => {
      const bar = document.querySelector(ISSUE_BAR);
      const below = bar ? Math.ceil(bar.getBoundingClientRect().bottom) + CLEARANCE_PX : 0;
      setTop(Math.max(headerTop, below));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const recheck = setInterval(update, RECHECK_MS);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      clearInterval(recheck);
    };
  }, [headerTop]);
  return top;
}

export default function SettlementPopupStack() {
  const popups = useSimpleStore(settlementPopups);
  const phone = useIsPhone();
  const [expanded, setExpanded] = useState(false);
  const top = useTopClearOfIssueBar(phone ? 64 : 72);
  const stacked = isStacked(popups.length);
  useEffect(() => {
    if (!stacked) setExpanded(false);
  }, [stacked]);
  const newestFirst = [...popups].reverse();
  const pile = stacked && !expanded;
  return (
    <section aria-label="开奖通知" aria-live="polite" style={containerStyle(phone, top)} data-testid="settlement-popups" data-stacked={pile}>
      {stacked && <PileControls count={popups.length} expanded={expanded} onToggle={() => setExpanded((value) => !value)} />}
      {pile && newestFirst[0] ? (
        <Pile popup={newestFirst[0]} />
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, overflowY: 'auto' }}>
          {newestFirst.map((popup) => (
            <SettlementCard key={popup.id} popup={popup} />
          ))}
        </div>
      )}
    </section>
  );
}

function PileControls({ count, expanded, onToggle }: { count: number; expanded: boolean; onToggle: () => void }) {
  return (
    <Paper shadow="sm" radius="md" px="sm" py={4} withBorder>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} data-testid="settlement-popup-count">
          共 {count} 条开奖通知
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={onToggle}>
            {expanded ? '收起' : '展开'}
          </Button>
          <Button size="compact-xs" variant="subtle" color="gray.8" onClick={dismissAllSettlementPopups}>
            全部关闭
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The newest card on top of two edges that show there are more beneath. */
function Pile({ popup }: { popup: SettlementPopup }) {
  const edge = (inset: number, offset: number): CSSProperties => ({
    position: 'absolute',
    left: inset,
    right: inset,
    bottom: -offset,
    height: 24,
    borderRadius: 'var(--mantine-radius-md)',
    background: 'var(--mantine-color-body)',
    border: '1px solid var(--mantine-color-default-border)',
    boxShadow: 'var(--mantine-shadow-sm)',
  });
  return (
    <div style={{ position: 'relative', marginBottom: 12 }} data-testid="settlement-popup-pile">
      <div aria-hidden="true" style={edge(16, 12)} />
      <div aria-hidden="true" style={edge(8, 6)} />
      <div style={{ position: 'relative' }}>
        <SettlementCard popup={popup} />
      </div>
    </div>
  );
}

function SettlementCard({ popup }: { popup: SettlementPopup }) {
  if (popup.grouped) return <AutobetGroupCard popup={popup} grouped={popup.grouped} />;
  return <OrderCard popup={popup} />;
}

/** An autobet's results together: how many orders settled, the last result, the sums of prize and profit. */
function AutobetGroupCard({ popup, grouped }: { popup: SettlementPopup; grouped: readonly OrderSettledMessage[] }) {
  const openDetail = useOpenOrderDetail();
  const { message } = popup;
  const prize = grouped.reduce((sum, m) => sum + m.winningPrize, 0);
  const profit = grouped.reduce((sum, m) => sum + m.betProfit, 0);
  const won = prize > 0;
  const open = () => {
    dismissSettlementPopup(popup.id);
    openDetail(message.orderId);
  };
  return (
    <Paper shadow="md" radius="md" p="sm" withBorder data-testid="settlement-popup" data-order-id={message.orderId} data-grouped={popupMessages(popup).length}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={700} c={won ? 'red.8' : undefined}>
          {settlementPopupTitle({ winningPrize: prize })}
        </Text>
        <CloseButton size="sm" aria-label="关闭通知" onClick={() => dismissSettlementPopup(popup.id)} />
      </Group>
      <UnstyledButton onClick={open} style={{ display: 'block', width: '100%' }}>
        <Text size="sm">
          {drawTypeName(message.drawType)} · 追号 {grouped.length} 单已开奖
        </Text>
        <Text size="sm">
          最新 {issueLabel(message.drawType, message.drawNumber, 'short')} 开奖号码 {message.drawResult}
        </Text>
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          合计中奖 <span style={{ color: won ? 'var(--mantine-color-red-8)' : undefined }}>{formatMoney(prize)}</span> · 盈亏 {formatSignedMoney(profit)}
        </Text>
        <Text size="xs" c="dimmed" mt={2}>
          点击查看最新订单详情
        </Text>
      </UnstyledButton>
    </Paper>
  );
}

function OrderCard({ popup }: { popup: SettlementPopup }) {
  const openDetail = useOpenOrderDetail();
  const { message } = popup;
  const won = message.winningPrize > 0;
  const open = () => {
    dismissSettlementPopup(popup.id);
    openDetail(message.orderId);
  };
  return (
    <Paper shadow="md" radius="md" p="sm" withBorder data-testid="settlement-popup" data-order-id={message.orderId}>
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={700} c={won ? 'red.8' : undefined}>
          {settlementPopupTitle(message)}
        </Text>
        <CloseButton size="sm" aria-label="关闭通知" onClick={() => dismissSettlementPopup(popup.id)} />
      </Group>
      <UnstyledButton onClick={open} style={{ display: 'block', width: '100%' }}>
        <Text size="sm">
          {drawTypeName(message.drawType)} {issueLabel(message.drawType, message.drawNumber, 'short')} · {playModeLabel(message.playMode)}
          {message.isAutoBet && ' · 追号'}
        </Text>
        <Text size="sm">开奖号码 {message.drawResult}</Text>
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          中奖 <span style={{ color: won ? 'var(--mantine-color-red-8)' : undefined }}>{formatMoney(message.winningPrize)}</span> · 盈亏{' '}
          {formatSignedMoney(message.betProfit)}
        </Text>
        <Text size="xs" c="dimmed" mt={2}>
          点击查看订单详情
        </Text>
      </UnstyledButton>
    </Paper>
  );
}
