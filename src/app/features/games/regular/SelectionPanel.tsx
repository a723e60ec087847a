import { Stack, Text } from '@mantine/core';
import type { MethodDefinition, PickValue } from '../../../../shared/lottery/index.ts';
import { toastError } from '../../../lib/notify.ts';
import { NumberRow } from './NumberRow.tsx';
import { PositionChecks } from './PositionChecks.tsx';
import type { RegularActions } from './regular-actions.ts';
import type { RegularDraft } from './regular-line.ts';

const NO_PICKS: readonly PickValue[] = [];
import { TicketEntry } from './TicketEntry.tsx';

interface SelectionPanelProps {
  drawType: string;
  method: MethodDefinition;
  draft: RegularDraft;
  actions: RegularActions;
}

/** What a method lets the player pick: 任选 positions, rows of numbers or items, and/or 单式 text. */
export function SelectionPanel({ drawType, method, draft, actions }: SelectionPanelProps) {
  const { layout } = method;
  return (
    <Stack gap="sm" data-testid="selection-panel">
      {layout.positions && (
        <PositionChecks choice={layout.positions} value={draft.positions} onChange={actions.setPositions} />
      )}
      {layout.rows.map((row, i) => (
        <NumberRow key={`${method.id}-${row.label}-${i}`} index={i} row={row} picked={draft.rows[i] ?? NO_PICKS} onChange={actions.setRow} onLimit={toastError} />
      ))}
      {layout.entry && (
        <TicketEntry drawType={drawType} methodId={method.id} format={layout.entry} text={draft.text} onChange={actions.setText} />
      )}
      {layout.notes.map((note) => (
        <Text key={note} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
    </Stack>
  );
}
