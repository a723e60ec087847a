// What each live event does to the screen: values go into the query cache (the header, footer and
// badges read them from there), text popups into the popup queue.
import type { QueryClient } from '@tanstack/react-query';
import type { ContentArea } from '../../../shared/api/content.ts';
import { LIVE_EVENT_SCHEMAS } from '../../../shared/api/events.ts';
import { applyContentChanged } from '../content/content-queries.ts';
import { applyDrawResultEvent } from '../games/draws/draw-events.ts';
import { applyGamesChangedEvent } from '../games/games-queries.ts';
import { JACKPOT_TOTAL_QUERY_KEY, UNREAD_CHAT_QUERY_KEY, UNREAD_MAIL_QUERY_KEY } from '../mail/mail-queries.ts';
import { onOrderSettled, type OrderSettledMessage } from '../notifications/settlement-popups.ts';
import { pushTextPopup } from '../notifications/text-popups.ts';
import { BALANCE_QUERY_KEY, type Balance } from '../wallet/wallet-queries.ts';
import type { LiveEventPayloads } from '../../../shared/api/events.ts';
import { onUnreadMailCount } from '../mail/live.ts';
import { onSupportChatMessage } from '../customer-service/live.ts';
import { onAgentChatMessage, onCustomerUpdated } from '../agent-chat/live.ts';
import { onJackpotDistribution, onSuperJackpotWon } from '../jackpot/live.ts';
import { onRedPacketsChanged } from '../red-packets/live.ts';
import { onCampaignsChanged } from '../campaigns/live.ts';
import { onVipLevelChanged } from '../accounts/vip/live.ts';
import { applyBalanceToStatement, applyPaymentStatusEvent, type PaymentStatusEvent } from '../wallet/payment-status-events.ts';

export type LiveEventType = keyof typeof LIVE_EVENT_SCHEMAS;
export const LIVE_EVENT_TYPES = Object.keys(LIVE_EVENT_SCHEMAS) as LiveEventType[];

function isLiveEventType(type: string): type is LiveEventType {
  return Object.hasOwn(LIVE_EVENT_SCHEMAS, type);
}

export function applyLiveEvent(queryClient: QueryClient, type: string, data: unknown, id: string): void {
  if (!isLiveEventType(type)) return;
  const parsed = LIVE_EVENT_SCHEMAS[type].safeParse(data);
  if (!parsed.success) return;
  const payload = parsed.data;
  switch (type) {
    case 'balance':
      queryClient.setQueryData<Balance>(BALANCE_QUERY_KEY, { balance: (payload as { balance: number }).balance });
      applyBalanceToStatement(queryClient);
      break;
    case 'unreadMailCount':
      queryClient.setQueryData(UNREAD_MAIL_QUERY_KEY, (payload as { count: number }).count);
      onUnreadMailCount(queryClient);
      break;
    case 'unreadMessageCount': {
      const { count, channel } = payload as LiveEventPayloads['unreadMessageCount'];
      queryClient.setQueryData([...UNREAD_CHAT_QUERY_KEY, channel], count);
      break;
    }
    case 'chatMessage': {
      const message = payload as LiveEventPayloads['chatMessage'];
      if (message.channel === 'SUPPORT') onSupportChatMessage(queryClient, message, id);
      else onAgentChatMessage(queryClient, message, id);
      break;
    }
    case 'customerUpdatedMessage':
      onCustomerUpdated(queryClient, payload as LiveEventPayloads['customerUpdatedMessage'], id);
      break;
    case 'jackpotDistribution':
      onJackpotDistribution(queryClient, payload as LiveEventPayloads['jackpotDistribution'], id);
      break;
    case 'superJackpotWon':
      onSuperJackpotWon(queryClient, payload as LiveEventPayloads['superJackpotWon'], id);
      break;
    case 'redPacketsChanged':
      onRedPacketsChanged(queryClient);
      break;
    case 'campaignsChanged':
      onCampaignsChanged(queryClient, (payload as LiveEventPayloads['campaignsChanged']).campaignId);
      break;
    case 'vipLevelChanged':
      onVipLevelChanged(queryClient, payload as LiveEventPayloads['vipLevelChanged'], id);
      break;
    case 'totalJackpotPoolPrize':
      queryClient.setQueryData(JACKPOT_TOTAL_QUERY_KEY, (payload as { totalPrize: number }).totalPrize);
      break;
    case 'textPopup': {
      const { title, content } = payload as { title: string; content: string };
      pushTextPopup({ id: id || `${Date.now()}-${title}`, title, content });
      break;
    }
    case 'drawResult':
      applyDrawResultEvent(queryClient, (payload as { drawType: string }).drawType);
      break;
    case 'gamesChanged':
      applyGamesChangedEvent(queryClient, (payload as { drawType: string }).drawType);
      break;
    case 'contentChanged':
      applyContentChanged(queryClient, (payload as { area: ContentArea }).area);
      break;
    case 'paymentStatus':
      applyPaymentStatusEvent(queryClient, payload as PaymentStatusEvent);
      break;
    case 'orderSettledPopup':
      onOrderSettled(queryClient, payload as OrderSettledMessage, id);
      break;
    default:
      break;
  }
}
