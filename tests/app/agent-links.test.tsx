// The agent's link pieces (issue 19): the URL on the chosen domain with its QR code and copy button,
// and a remark checked by the spec §5 rule before anything is sent.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { dehydrate } from '@tanstack/react-query';
import { createStore } from 'idb-keyval';
import qrcode from 'qrcode-generator';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentLink } from '../../src/shared/api/agent-links.ts';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';
import { domainListQuery, linkListQuery } from '../../src/app/features/agent/links/link-queries.ts';
import { LinkShare } from '../../src/app/features/agent/links/LinkShare.tsx';
import { logOut } from '../../src/app/features/session/session-actions.ts';
import { setSession } from '../../src/app/features/session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../../src/app/features/wallet/wallet-queries.ts';
import { dehydrateOptions } from '../../src/app/lib/persister.ts';
import { PreferenceStore } from '../../src/app/lib/preferences/store.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { LinkRow } from '../../src/app/features/agent/links/LinkRow.tsx';
import { prizeGroupOptions } from '../../src/app/features/agent/links/new-account-fields.tsx';
import { renderWithProviders, scriptedServer } from './accounts-harness.tsx';

const toasts = vi.hoisted(() => ({ errors: [] as string[], successes: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => toasts.errors.push(message),
  toastSuccess: (message: string) => toasts.successes.push(message),
}));

const LINK: AgentLink = {
  id: 'AbCdEf012345',
  accountType: 'PLAYER',
  prizeGroup: 1950,
  retention: 'PERMANENT',
  remark: '朋友圈',
  registrationCount: 3,
  state: 'ACTIVE',
  createdAt: Date.UTC(2026, 0, 2, 3, 4),
  expiresAt: null,
};

beforeEach(() => {
  toasts.errors.length = 0;
  toasts.successes.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('LinkShare', () => {
  it('offers this site first, then the operator’s domains, and draws the QR of the URL shown', async () => {
    scriptedServer({ 'GET /ajax/registration-domain': () => ({ body: { items: [{ id: 1, domain: 'reg.example' }] } }) });
    const written: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (text: string) => void written.push(text) } });
    renderWithProviders(<LinkShare linkId={LINK.id} />);
    const own = `${window.location.origin}/?registerId=${LINK.id}`;
    expect(screen.getByTestId('link-url').textContent).toBe(own);
    expect(screen.getByTestId('link-qr').getAttribute('data-qr-text')).toBe(own);
    const select = await screen.findByLabelText('推广域名');
    fireEvent.change(select, { target: { value: 'https://reg.example' } });
    expect(screen.getByTestId('link-url').textContent).toBe(`https://reg.example/?registerId=${LINK.id}`);
    fireEvent.click(screen.getByTestId('copy-link'));
    await waitFor(() => expect(written).toEqual([`https://reg.example/?registerId=${LINK.id}`]));
    expect(toasts.successes).toContain('链接复制成功');
  });

  it('draws exactly the dark modules of the encoded URL', () => {
    scriptedServer({ 'GET /ajax/registration-domain': () => ({ body: { items: [] } }) });
    renderWithProviders(<LinkShare linkId={LINK.id} />);
    const url = screen.getByTestId('link-url').textContent!;
    const qr = qrcode(0, 'M');
    qr.addData(url);
    qr.make();
    let dark = 0;
    for (let row = 0; row < qr.getModuleCount(); row += 1) for (let col = 0; col < qr.getModuleCount(); col += 1) if (qr.isDark(row, col)) dark += 1;
    const path = screen.getByTestId('link-qr').querySelector('path')!.getAttribute('d')!;
    expect(path.match(/M/g)).toHaveLength(dark);
  });
});

describe('LinkRow', () => {
  it('refuses a remark over 8 characters without calling the server, then saves a good one', async () => {
    const calls = scriptedServer({ 'PUT /ajax/registration-link/AbCdEf012345/remarks': (body) => ({ body: { ...LINK, remark: (body as { remark: string }).remark } }) });
    renderWithProviders(<LinkRow link={LINK} onShare={() => {}} />);
    expect(screen.getByTestId('link-count').textContent).toBe('3');
    fireEvent.click(screen.getByTestId('edit-remark'));
    fireEvent.change(screen.getByTestId('remark-input'), { target: { value: '一二三四五六七八九' } });
    fireEvent.click(screen.getByTestId('save-remark'));
    expect(toasts.errors).toEqual(['备注最多 8 个字']);
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByTestId('remark-input'), { target: { value: '新备注' } });
    fireEvent.click(screen.getByTestId('save-remark'));
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ remark: '新备注' }]));
  });
});

describe('prize group choices', () => {
  it('lists even groups from the agent’s own down to the platform minimum', () => {
    const options = prizeGroupOptions(1956).map((option) => Number(option.value));
    expect(options[0]).toBe(1956);
    expect(options.at(-1)).toBe(1700);
    expect(options.every((group) => group % 2 === 0)).toBe(true);
  });
});

describe('the agent’s links belong to the agent', () => {
  // Guards the frontend audit: the links and registration-domain queries were keyed ['agent', …],
  // outside USER_QUERY_PREFIX, so logout kept them and IndexedDB handed them to the next account.
  it('drops the links and domains at logout and never persists them for the next account', async () => {
    const queryClient = createQueryClient();
    const agent: CurrentCustomer = {
      name: 'agent_a',
      alias: 'agent_a',
      avatarImage: null,
      birthday: null,
      type: 'AGENT',
      vipLevel: 'VIP_1',
      testMode: null,
      firstLogin: false,
      firstLoginContactRequired: false,
      registrationLinkId: null,
      prizeGroup: 1950,
    };
    setSession(queryClient, agent);
    queryClient.setQueryData(linkListQuery(1, 10, null).queryKey, { items: [{ ...LINK, remark: 'A 的微信群' }], total: 1, page: 1, pageSize: 10 } as never);
    queryClient.setQueryData(domainListQuery().queryKey, { items: [{ id: 1, domain: 'a-private.example' }] } as never);
    queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: 123 });
    scriptedServer({ 'PUT /ajax/logout': () => ({ body: {} }) });
    await logOut(queryClient, new PreferenceStore({ idbStore: () => createStore('agent-links-logout', 'p'), storage: null }));
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toBeUndefined();
    expect(queryClient.getQueryData(linkListQuery(1, 10, null).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(domainListQuery().queryKey)).toBeUndefined();
    const persisted = dehydrate(queryClient, dehydrateOptions).queries.map((q) => q.queryKey.join('/'));
    expect(persisted.filter((key) => key.includes('links') || key.includes('registration-domains'))).toEqual([]);
  });
});
