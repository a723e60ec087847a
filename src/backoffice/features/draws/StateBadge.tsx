// A state as a badge that never shrinks to an ellipsis in a narrow table column.
import { Badge, type BadgeProps } from '@mantine/core';
import type { ISSUE_STATE_LABELS } from '../../../shared/backoffice/draws.ts';
import { STATE_COLORS, stateLabel } from './labels.ts';

const WHOLE = { minWidth: 'max-content' } as const;

export function TextBadge(props: BadgeProps & { children: string; 'data-testid'?: string }) {
  return <Badge variant="light" style={WHOLE} {...props} />;
}

export function IssueStateBadge({ state, testId }: { state: keyof typeof ISSUE_STATE_LABELS; testId?: string }) {
  return (
    <TextBadge color={STATE_COLORS[state]} {...(testId ? { 'data-testid': testId } : {})}>
      {stateLabel(state)}
    </TextBadge>
  );
}
