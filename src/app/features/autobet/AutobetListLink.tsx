// The way to the player's autobet list (`/account/autobet/{tab}`) from a game page's orders panel,
// next to 全部订单: only for a logged-in player who may use autobet there (never a trial player).
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { useAutobetAvailable } from './autobet-availability.ts';

export function AutobetListLink({ drawType }: { drawType: string }) {
  const customer = useCurrentCustomer();
  const available = useAutobetAvailable(drawType);
  if (!customer || !available) return null;
  const tab = findDrawType(drawType)?.product === 'DICE' ? 'dice' : 'lottery';
  return (
    <Anchor component={Link} to={asRouteHref(`/account/autobet/${tab}`)} size="sm" resetScroll={false} data-testid="my-autobets-link">
      追号记录
    </Anchor>
  );
}
