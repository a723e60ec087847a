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
  settlementPopupTitle,
  settlementPopups,
  type SettlementPopup,
} from './settlement-popups.ts';

/** Above modals (200) and the order detail (210), below toasts. */
const POPUP_Z_INDEX = 300;

function containerStyle(phone: boolean): CSSProperties {
  const place: CSSProperties = phone ? { top: 64, left: 8, right: 8 } : { top: 72, right: 16, width: 340 };
  return { position: 'fixed', zIndex: POPUP_Z_INDEX, display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 'calc(100dvh - 96px)', ...place };
}

export default function SettlementPopupStack() {
  const popups = useSimpleStore(settlementPopups);
  const phone = useIsPhone();
  const [expanded, setExpanded] = useState(false);
  const stacked = isStacked(popups.length);
  useEffect(() => {
    if (!stacked) setExpanded(false);
  }, [stacked]);
  const newestFirst = [...popups].reverse();
  const pile = stacked && !expanded;
  return (
    <section aria-label="开奖通知" aria-live="polite" style={containerStyle(phone)} data-testid="settlement-popups" data-stacked={pile}>
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
