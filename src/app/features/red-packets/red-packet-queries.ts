// Public red-packet data: the campaign tab's list and one packet's verification data (not per user).
import { queryOptions } from '@tanstack/react-query';
import { PublicRedPacketListSchema, RED_PACKET_PATHS, RedPacketVerificationSchema } from '../../../shared/api/red-packets.ts';
import { apiGet } from '../../lib/api/client.ts';

export const redPacketListQueryOptions = () =>
  queryOptions({
    queryKey: ['red-packets', 'list'] as const,
    queryFn: ({ signal }) => apiGet(RED_PACKET_PATHS.list, PublicRedPacketListSchema, signal),
    staleTime: 60_000,
  });

export const redPacketVerificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['red-packets', 'verification', id] as const,
    queryFn: ({ signal }) => apiGet(RED_PACKET_PATHS.verification(id), RedPacketVerificationSchema, signal),
    staleTime: 30_000,
  });
