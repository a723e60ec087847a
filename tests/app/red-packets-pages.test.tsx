// The public red-packet views: the 红包活动 list (commitment, verify link, offline age) and the
// verification page, which recomputes the split in the browser and flags a claim that does not match.
import { act, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicRedPacket, RedPacketVerificationData } from '../../src/shared/api/red-packets.ts';
import { redPacketCommitment, splitRedPacket } from '../../src/shared/red-packets/split.ts';
import RedPacketCampaignList from '../../src/app/features/red-packets/RedPacketCampaignList.tsx';
import { RedPacketVerifyPage } from '../../src/app/features/red-packets/RedPacketVerifyPage.tsx';
import { json, renderGame, stubApi } from './games-harness.tsx';

const SEED = '5a'.repeat(32);

async function endedPacket(): Promise<PublicRedPacket> {
  return {
    id: 9,
    title: '中秋红包',
    description: '',
    rule: 'RANDOM',
    budget: 300_000,
    count: 3,
    claimed: 2,
    min: 50_000,
    max: 150_000,
    startsAt: new Date(Date.now() - 7_200_000).toISOString(),
    endsAt: new Date(Date.now() - 3_600_000).toISOString(),
    state: 'ENDED',
    commitment: await redPacketCommitment(SEED, 9),
    seed: SEED,
  };
}

afterEach(() => onlineManager.setOnline(true));

describe('the red packet list of the campaign page', () => {
  it('shows each packet with its state, commitment and a verify link; offline, the age of what it shows', async () => {
    const packet = await endedPacket();
    stubApi((path) => (path === '/ajax/red-packet/list' ? json([packet, { ...packet, id: 10, title: '进行中红包', state: 'ACTIVE', seed: null }]) : undefined));
    await renderGame(<RedPacketCampaignList />, { customer: null });
    await waitFor(() => expect(screen.getAllByTestId('red-packet-card')).toHaveLength(2));
    const [ended, active] = screen.getAllByTestId('red-packet-card');
    expect(ended!.textContent).toContain('已结束');
    expect(ended!.textContent).toContain(packet.commitment);
    expect(ended!.querySelector('a')!.getAttribute('href')).toBe('/verify/red-packet/9');
    expect(ended!.querySelector('a')!.textContent).toBe('验证拆分');
    expect(active!.querySelector('a')!.textContent).toBe('查看承诺');
    act(() => onlineManager.setOnline(false));
    expect((await screen.findByTestId('red-packet-list-age')).textContent).toContain('当前离线');
  });
});

describe('the red packet verification page', () => {
  const verificationOf = async (claimed: number[]): Promise<RedPacketVerificationData> => ({
    packet: await endedPacket(),
    claims: claimed.map((amount, i) => ({ seq: i + 1, name: `ab***c${i}`, amount, claimedAt: new Date().toISOString() })),
  });

  it('passes when the commitment and every claim match the recomputed split', async () => {
    const packet = await endedPacket();
    const { amounts } = await splitRedPacket(SEED, packet);
    const data = await verificationOf(amounts.slice(0, 2));
    stubApi((path) => (path === '/ajax/red-packet/9/verification' ? json(data) : undefined));
    await renderGame(<RedPacketVerifyPage id="9" />, { customer: null });
    await waitFor(() => expect(screen.getByTestId('red-packet-verification').dataset.verdict).toBe('PASS'));
    expect(screen.getByTestId('red-packet-claims').textContent).toContain('ab***c0');
  });

  it('fails when a published claim differs from its position in the split', async () => {
    const packet = await endedPacket();
    const { amounts } = await splitRedPacket(SEED, packet);
    const data = await verificationOf([amounts[0]! + 100, amounts[1]!]);
    stubApi((path) => (path === '/ajax/red-packet/9/verification' ? json(data) : undefined));
    await renderGame(<RedPacketVerifyPage id="9" />, { customer: null });
    await waitFor(() => expect(screen.getByTestId('red-packet-verification').dataset.verdict).toBe('FAIL'));
    expect(screen.getByTestId('red-packet-claims').textContent).toContain('✗');
  });
});
