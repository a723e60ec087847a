import type { ComponentType } from 'react';
import {
  AnnouncementIcon,
  BallsIcon,
  CrownIcon,
  DepositIcon,
  DownloadIcon,
  GiftIcon,
  HelpIcon,
  HomeIcon,
  MailIcon,
  TeamIcon,
  TransferIcon,
  UserIcon,
  WithdrawIcon,
} from '../icons.tsx';
import type { NavItemId } from './nav-items.ts';

export const NAV_ICONS: Record<NavItemId, ComponentType<{ size?: number }>> = {
  lobby: HomeIcon,
  results: BallsIcon,
  deposit: DepositIcon,
  transfer: TransferIcon,
  withdrawal: WithdrawIcon,
  personal: UserIcon,
  agent: TeamIcon,
  mail: MailIcon,
  campaign: GiftIcon,
  announcement: AnnouncementIcon,
  help: HelpIcon,
  download: DownloadIcon,
  vip: CrownIcon,
};
