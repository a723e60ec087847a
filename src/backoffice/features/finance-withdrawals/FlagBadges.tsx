import { Badge, Group } from '@mantine/core';
import { AUDIT_FLAG_LABELS, type AuditFlag } from '../../../shared/backoffice/finance-withdrawals.ts';

export function FlagBadges({ flags }: { flags: readonly AuditFlag[] }) {
  if (flags.length === 0) return <>—</>;
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge key={flag} size="xs" color={flag === 'LARGE_AMOUNT' || flag === 'HIGH_WIN_RATIO' ? 'red' : 'orange'} variant="light">
          {AUDIT_FLAG_LABELS[flag]}
        </Badge>
      ))}
    </Group>
  );
}
