import { createFileRoute, notFound } from '@tanstack/react-router';
import { SlotMachinePage } from '../../../features/third-party/slot/SlotMachinePage.tsx';
import { isSlotProviderTab } from '../../../features/third-party/third-party-tabs.ts';

// Public (spec §2.1): the slot page; the tab is a slot provider, the first enabled one without it.
export const Route = createFileRoute('/game/slot-machine/{-$tab}')({
  beforeLoad: ({ params }) => {
    if (params.tab !== undefined && !isSlotProviderTab(params.tab)) throw notFound();
  },
  component: SlotMachineRoute,
});

function SlotMachineRoute() {
  const { tab } = Route.useParams();
  return <SlotMachinePage provider={tab !== undefined && isSlotProviderTab(tab) ? tab : null} />;
}
