// The live events of the VIP programme: the new level (badge) and a notice, after the commit.
import { VIP_LEVEL_NAMES } from '../../shared/api/vip.ts';
import { VIP_LEVELS, type VipLevel } from '../../shared/enums.ts';
import type { ServerContext } from '../context.ts';

export type VipEvent = Parameters<ServerContext['events']['publish']>[0][number];

export function levelChangeEvents(changes: readonly { customerId: number; previous: VipLevel; level: VipLevel }[]): VipEvent[] {
  return changes.flatMap(({ customerId, previous, level }) => {
    const up = VIP_LEVELS.indexOf(level) > VIP_LEVELS.indexOf(previous);
    const content = up ? `恭喜您升级为 ${VIP_LEVEL_NAMES[level]}！` : `您的会员等级已调整为 ${VIP_LEVEL_NAMES[level]}。`;
    return [
      { customerId, type: 'vipLevelChanged', payload: { level, previous } },
      { customerId, type: 'textPopup', payload: { title: 'VIP 等级变更', content } },
    ];
  });
}
