// The 红包活动 page's server state; every key starts with RED_PACKETS_KEY so a change refreshes them all.
import type { QueryClient } from '@tanstack/react-query';
import {
  AdminRedPacketDetailSchema,
  AdminRedPacketListSchema,
  RED_PACKET_ADMIN_PATHS,
  type CreateRedPacketBody,
  type RedPacketAction,
} from '../../../shared/api/red-packets.ts';
import { boGet, boSend } from '../../lib/api.ts';

export const RED_PACKETS_KEY = ['backoffice', 'red-packets'] as const;

export const redPacketsQuery = () => ({
  queryKey: [...RED_PACKETS_KEY, 'list'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(RED_PACKET_ADMIN_PATHS.packets, AdminRedPacketListSchema, undefined, signal),
});

export const redPacketQuery = (id: number) => ({
  queryKey: [...RED_PACKETS_KEY, 'detail', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(RED_PACKET_ADMIN_PATHS.packet(String(id)), AdminRedPacketDetailSchema, undefined, signal),
});

export const createRedPacket = (body: CreateRedPacketBody) => boSend('POST', RED_PACKET_ADMIN_PATHS.packets, body, AdminRedPacketDetailSchema);

export const actOnRedPacket = (id: number, action: RedPacketAction, reason: string) =>
  boSend('PUT', RED_PACKET_ADMIN_PATHS.action(String(id), action), reason.trim() ? { reason: reason.trim() } : {}, AdminRedPacketDetailSchema);

export function refreshRedPackets(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: RED_PACKETS_KEY });
}
