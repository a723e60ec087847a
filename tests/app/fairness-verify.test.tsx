import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildHashChain,
  chainSeed,
  deriveInstantDraw,
  derivePeriodicDraw,
  issueCommitment,
  seedHash,
} from '../../src/shared/draws/index.ts';
import { parsePublishedResult } from '../../src/app/features/fairness/verification-inputs.ts';
import { drawnIssue, fakeServer, orderDetail, PLAYER, preloadLazyScreens, quietBrowser, renderApp, type FakeServer } from './orders-app-harness.tsx';

beforeAll(preloadLazyScreens, 60_000);

const ISSUE_NUMBER = '202611220002';
const SERVER_SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

/** A chain of three seeds; issue 2 of it, drawn with the shared code. */
const vector = {
  seed: '',
  commitment: '',
  anchor: '',
  previousSeed: '',
  nextCommitment: '',
  result: [] as number[],
  instantResult: [] as number[],
};
beforeAll(async () => {
  const chain = await buildHashChain('5a'.repeat(32), 3);
  vector.seed = chainSeed(chain, 2);
  vector.commitment = await issueCommitment(vector.seed, ISSUE_NUMBER);
  vector.anchor = chain.anchor;
  vector.previousSeed = chainSeed(chain, 1);
  vector.nextCommitment = await issueCommitment(chainSeed(chain, 3), '202611220003');
  vector.result = (await derivePeriodicDraw({ drawType: 'UUFFC', issueNumber: ISSUE_NUMBER, seed: vector.seed })).result;
  vector.instantResult = (await deriveInstantDraw({ drawType: 'MKSSC', serverSeed: SERVER_SEED, clientSeed: 'player-chosen', nonce: 1 })).result;
});

let server: FakeServer;
beforeEach(() => {
  quietBrowser();
  server = fakeServer();
  server.routes[`/ajax/draws/UUFFC/issues/${ISSUE_NUMBER}`] = () => ({
    body: drawnIssue({
      drawType: 'UUFFC',
      issueNumber: ISSUE_NUMBER,
      seed: vector.seed,
      commitment: vector.commitment,
      chain: { anchor: vector.anchor, position: 2 },
      result: vector.result,
    }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const verdict = () => screen.getByTestId('verification-report').dataset.verdict;
const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`verify-${name}`), { target: { value } });

describe('published results as typed', () => {
  it('reads commas, spaces, 、 and the + of two-zone draws', () => {
    expect(parsePublishedResult('1,2,3，4 5')).toEqual({ ok: true, value: [1, 2, 3, 4, 5] });
    expect(parsePublishedResult('01 02 03 04 05 06+07')).toEqual({ ok: true, value: [1, 2, 3, 4, 5, 6, 7] });
    expect(parsePublishedResult('  ')).toEqual({ ok: true, value: undefined });
    expect(parsePublishedResult('1,2,x').ok).toBe(false);
  });
});

describe('/verify/$drawType/$issueNumber', () => {
  it('prefills from the issue and passes for the published vector, step by step', async () => {
    await renderApp(null, `/verify/UUFFC/${ISSUE_NUMBER}`);
    await screen.findByTestId('verification-report');
    expect(verdict()).toBe('PASS');
    expect(within(screen.getByTestId('verification-verdict')).getByText('验证通过')).toBeTruthy();
    expect(screen.getByTestId('recomputed-result').textContent).toBe(vector.result.join(', '));
    expect((screen.getByTestId('verify-seed') as HTMLInputElement).value).toBe(vector.seed);
    expect((screen.getByTestId('verify-commitment') as HTMLInputElement).value).toBe(vector.commitment);
    expect((screen.getByTestId('verify-chainAnchor') as HTMLInputElement).value).toBe(vector.anchor);
    expect((screen.getByTestId('verify-chainPosition') as HTMLInputElement).value).toBe('2');
    const checks = within(screen.getByTestId('verification-checks')).getAllByRole('listitem').map((li) => li.textContent);
    expect(checks).toHaveLength(3);
    expect(checks[0]).toContain(`✓ 核对本期承诺SHA-256(种子 ‖ 期号 "${ISSUE_NUMBER}") = ${vector.commitment}，与开售前公布的本期承诺一致`);
    expect(checks[1]).toContain(`✓ 核对哈希链（锚点）对种子连续做 2 次 SHA-256 得到 ${vector.anchor}，与事先公布的哈希链锚点一致`);
    expect(checks[2]).toContain('✓ 重新计算开奖号码');
    expect(screen.getByTestId('verification-verdict').textContent).toContain('种子承诺、哈希链、开奖号码均一致');
    const steps = within(screen.getByTestId('verification-steps')).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps[0]).toBe('开奖号码：从 0–9 中有放回抽取 5 个');
    expect(steps[1]).toContain(`HMAC-SHA256(种子, "UUFFC:${ISSUE_NUMBER}::0")`);
    expect(steps.some((s) => s?.includes('接受'))).toBe(true);
  });

  it('checks the chain link against a pasted previous seed', async () => {
    await renderApp(null, `/verify/UUFFC/${ISSUE_NUMBER}`);
    await screen.findByTestId('verification-report');
    type('previousSeed', vector.previousSeed);
    await waitFor(() => expect(screen.getByTestId('verification-checks').textContent).toContain('核对哈希链（上一期种子）'));
    expect(verdict()).toBe('PASS');
    type('previousSeed', vector.seed);
    await waitFor(() => expect(verdict()).toBe('FAIL'));
    expect(screen.getByTestId('verification-verdict').textContent).toContain('验证失败：哈希链不符');
  });

  it('fails when the seed is changed, and when the published result is changed', async () => {
    await renderApp(null, `/verify/UUFFC/${ISSUE_NUMBER}`);
    await screen.findByTestId('verification-report');
    const otherSeed = `${vector.seed.slice(0, -1)}${vector.seed.endsWith('0') ? '1' : '0'}`;
    type('seed', otherSeed);
    await waitFor(() => expect(verdict()).toBe('FAIL'));
    expect(within(screen.getByTestId('verification-verdict')).getByText('验证失败')).toBeTruthy();
    expect(screen.getByTestId('verification-verdict').textContent).toContain('种子承诺、哈希链、开奖号码不符');

    fireEvent.click(screen.getByRole('button', { name: '恢复公布的数据' }));
    await waitFor(() => expect(verdict()).toBe('PASS'));
    const tampered = [...vector.result];
    tampered[0] = (tampered[0]! + 1) % 10;
    type('publishedResult', tampered.join(','));
    await waitFor(() => expect(verdict()).toBe('FAIL'));
    expect(screen.getByTestId('verification-verdict').textContent).toContain('开奖号码不符');

    fireEvent.click(screen.getByRole('button', { name: '恢复公布的数据' }));
    await waitFor(() => expect(verdict()).toBe('PASS'));
    type('issueNumber', '202611220003');
    await waitFor(() => expect(verdict()).toBe('FAIL'));
    expect(screen.getByTestId('verification-verdict').textContent).toContain('验证失败：种子承诺、开奖号码不符');
  });

  it('explains malformed input instead of a verdict', async () => {
    await renderApp(null, `/verify/UUFFC/${ISSUE_NUMBER}`);
    await screen.findByTestId('verification-report');
    type('seed', 'not-hex');
    expect((await screen.findByTestId('verification-error')).textContent).toMatch(/种子/);
  });

  it('works from pasted values when the issue cannot be read (offline, unknown issue)', async () => {
    await renderApp(null, '/verify/UUFFC/202611220099');
    expect(await screen.findByText('无法读取本期公布的数据')).toBeTruthy();
    type('issueNumber', ISSUE_NUMBER);
    type('seed', vector.seed);
    type('commitment', vector.commitment);
    type('chainAnchor', vector.anchor);
    type('chainPosition', '2');
    type('publishedResult', vector.result.join(' '));
    await waitFor(() => expect(verdict()).toBe('PASS'));
    expect(server.calls.filter((c) => c.url.startsWith('/ajax/draws'))).toHaveLength(1);
  });

  it('before the draw: the seed is still secret, the commitment and the chain anchor are shown', async () => {
    server.routes['/ajax/draws/UUFFC/issues/202611220003'] = () => ({
      body: drawnIssue({
        drawType: 'UUFFC',
        issueNumber: '202611220003',
        state: 'OPEN',
        commitment: vector.nextCommitment,
        chain: { anchor: vector.anchor, position: 3 },
        resultSource: null,
        drawnAt: null,
      }),
    });
    await renderApp(null, '/verify/UUFFC/202611220003');
    expect((await screen.findByTestId('verify-seed-pending')).textContent).toContain('无法反推出种子');
    expect((screen.getByTestId('verify-commitment') as HTMLInputElement).value).toBe(vector.nextCommitment);
    expect((screen.getByTestId('verify-chainAnchor') as HTMLInputElement).value).toBe(vector.anchor);
    expect((screen.getByTestId('verify-seed') as HTMLInputElement).value).toBe('');
  });

  it('official feed draws, and simulated ones drawn before the simulated feed was committed, say where the result comes from', async () => {
    server.routes['/ajax/draws/CQSSC/issues/202611220010'] = () => ({
      body: drawnIssue({ drawType: 'CQSSC', issueNumber: '202611220010', resultSource: 'simulated', result: [1, 2, 3, 4, 5] }),
    });
    server.routes['/ajax/draws/CQSSC/issues/202611220011'] = () => ({
      body: drawnIssue({ drawType: 'CQSSC', issueNumber: '202611220011', resultSource: 'http', result: [1, 2, 3, 4, 5] }),
    });
    const first = await renderApp(null, '/verify/CQSSC/202611220010');
    expect((await screen.findByTestId('verify-feed-note')).textContent).toContain('无法验证');
    first.unmount();
    await renderApp(null, '/verify/CQSSC/202611220011');
    expect((await screen.findByTestId('verify-feed-note')).textContent).toContain('官方公布的开奖结果');
  });

  it('simulated feed draws (模拟开奖) verify like platform draws', async () => {
    const issueNumber = '20261122002';
    const commitment = await issueCommitment(vector.seed, issueNumber);
    const { result } = await derivePeriodicDraw({ drawType: 'CQSSC', issueNumber, seed: vector.seed });
    server.routes[`/ajax/draws/CQSSC/issues/${issueNumber}`] = () => ({
      body: drawnIssue({
        drawType: 'CQSSC',
        issueNumber,
        seed: vector.seed,
        commitment,
        chain: { anchor: vector.anchor, position: 2 },
        result,
        resultSource: 'simulated',
      }),
    });
    await renderApp(null, `/verify/CQSSC/${issueNumber}`);
    expect((await screen.findByTestId('verify-simulated-note')).textContent).toContain('并非官方开奖结果');
    await screen.findByTestId('verification-report');
    expect(verdict()).toBe('PASS');
    expect(screen.getByTestId('verification-verdict').textContent).toContain('种子承诺、哈希链、开奖号码均一致');
  });

  it('JSTB points to the JSK3 issue it reads its result from', async () => {
    server.routes['/ajax/draws/JSTB/issues/20261122002'] = () => ({
      body: drawnIssue({ drawType: 'JSTB', issueNumber: '20261122002', resultSource: 'JSK3', result: [1, 2, 3] }),
    });
    await renderApp(null, '/verify/JSTB/20261122002');
    const note = await screen.findByTestId('verify-feed-note');
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/verify/JSK3/20261122002');
  });

  it('answers an unknown or instant draw type with not-found', async () => {
    await renderApp(null, '/verify/NOPE/1');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});

describe('/verify/instant/$orderId', () => {
  const instantOrder = (serverSeed: string | null) =>
    orderDetail({
      orderId: '77',
      drawType: 'MKSSC',
      issueNumber: '77',
      status: 'LOST',
      result: vector.instantResult,
      fairness: { serverSeedHash: '', clientSeed: 'player-chosen', nonce: 1, serverSeed },
    });

  it('prefills the order’s seeds and passes; a changed nonce fails', async () => {
    const hash = await seedHash(SERVER_SEED);
    server.routes['/ajax/orders/77'] = () => ({ body: { ...instantOrder(SERVER_SEED), fairness: { ...instantOrder(SERVER_SEED).fairness!, serverSeedHash: hash } } });
    await renderApp(PLAYER, '/verify/instant/77');
    await screen.findByTestId('verification-report');
    expect(verdict()).toBe('PASS');
    expect(screen.getByTestId('recomputed-result').textContent).toBe(vector.instantResult.join(', '));
    expect(screen.getByTestId('verification-verdict').textContent).toContain('种子承诺、开奖号码均一致');
    type('nonce', '2');
    await waitFor(() => expect(verdict()).toBe('FAIL'));
  });

  it('says the server seed is revealed on rotation while it is still secret', async () => {
    server.routes['/ajax/orders/77'] = () => ({ body: instantOrder(null) });
    await renderApp(PLAYER, '/verify/instant/77');
    expect((await screen.findByTestId('verify-seed-pending')).textContent).toContain('更换服务器种子后');
    expect((screen.getByTestId('verify-clientSeed') as HTMLInputElement).value).toBe('player-chosen');
    expect((screen.getByTestId('verify-nonce') as HTMLInputElement).value).toBe('1');
  });

  it('logged out: nothing is fetched, the values can be pasted', async () => {
    await renderApp(null, '/verify/instant/77');
    expect(await screen.findByText('未登录')).toBeTruthy();
    type('serverSeed', SERVER_SEED);
    type('clientSeed', 'player-chosen');
    type('nonce', '1');
    type('publishedResult', vector.instantResult.join(','));
    await waitFor(() => expect(verdict()).toBe('PASS'));
    expect(server.calls.some((c) => c.url.startsWith('/ajax/orders'))).toBe(false);
  });
});
