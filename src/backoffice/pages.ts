// Every page of the back office, gathered from the feature folders.
import type { BackofficePage } from './shell/page.ts';
import { pages as core } from './features/core/pages.ts';
import { pages as customers } from './features/customers/pages.ts';
import { pages as draws } from './features/draws/pages.ts';
import { pages as games } from './features/games/pages.ts';
import { pages as content } from './features/content/pages.ts';
import { pages as reports } from './features/reports/pages.ts';
import { pages as financeDeposits } from './features/finance-deposits/pages.ts';
import { pages as financeWithdrawals } from './features/finance-withdrawals/pages.ts';
import { pages as finance } from './features/finance/pages.ts';
import { pages as agentDomains } from './features/agents-domains/pages.ts';
import { pages as agentCommission } from './features/agents-commission/pages.ts';
import { pages as providers } from './features/providers/pages.ts';
import { pages as mail } from './features/mail/pages.ts';
import { pages as supportDesk } from './features/support-desk/pages.ts';
import { pages as assistant } from './features/assistant/pages.ts';
import { pages as campaigns } from './features/campaigns/pages.ts';
import { pages as redPackets } from './features/red-packets/pages.ts';
import { pages as jackpot } from './features/jackpot/pages.ts';
import { pages as vip } from './features/vip/pages.ts';

export const BACKOFFICE_PAGES: readonly BackofficePage[] = [...core, ...customers, ...draws, ...games, ...content, ...reports, ...financeDeposits, ...financeWithdrawals, ...finance, ...agentDomains, ...agentCommission, ...providers, ...mail, ...supportDesk, ...assistant, ...campaigns, ...redPackets, ...jackpot, ...vip];
