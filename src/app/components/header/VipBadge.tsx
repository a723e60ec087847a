import { Badge } from '@mantine/core';
import type { VipLevel } from '../../../shared/enums.ts';
import { CrownIcon } from '../icons.tsx';

/** VIP 1 and VIP 2 show a badge; VIP 2 has its own gold style (spec §2.3). */
export function VipBadge({ level }: { level: VipLevel }) {
  if (level === 'NOT_VIP') return null;
  const vip2 = level === 'VIP_2';
  return (
    <Badge
      size="sm"
      variant={vip2 ? 'filled' : 'light'}
      className={vip2 ? 'jl-vip2' : undefined}
      leftSection={<CrownIcon size={12} />}
      data-testid="vip-badge"
      data-level={level}
    >
      {vip2 ? 'VIP2' : 'VIP1'}
    </Badge>
  );
}
