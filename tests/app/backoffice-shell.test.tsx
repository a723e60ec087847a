// The back office's shell (issue 16): the navigation from the pages and the role's permissions, the
// operator-session guard keeping the address through sign-in, the 403 page, a 401 mid-session back to
// sign-in, and the enrolment step with the server's messages. The server is a scripted fetch.
import { fireEvent, screen, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { permissionsOf, roleHas, type OperatorRole } from '../../src/shared/backoffice/permissions.ts';
import { BackofficeApp } from '../../src/backoffice/App.tsx';
import { boGet } from '../../src/backoffice/lib/api.ts';
import { createBackofficeQueryClient } from '../../src/backoffice/lib/query-client.ts';
import { memoryBackofficeRouter } from '../../src/backoffice/router.tsx';
import { navGroups } from '../../src/backoffice/shell/nav-model.ts';
import type { BackofficePage } from '../../src/backoffice/shell/page.ts';
import { endSession } from '../../src/backoffice/shell/session.ts';
import { auditDiff } from '../../src/backoffice/features/core/audit/audit-diff.ts';
import { groupSecret } from '../../src/backoffice/sign-in/EnrolmentStep.tsx';
import { z } from 'zod';

afterEach(() => vi.unstubAllGlobals());

/** Typing into an empty field and clicking, as the tests here need them. */
const user = {
  type: async (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } }),
  clear: async (element: HTMLElement) => fireEvent.change(element, { target: { value: '' } }),
  click: async (element: HTMLElement) => fireEvent.click(element),
};

type Reply = { status?: number; body: unknown };
type Routes = Record<string, (body: unknown) => Reply>;

function scriptedServer(routes: Routes) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      calls.push(`${key}${url.search}`);
      const handler = routes[key];
      const answer = handler ? handler(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined) : { status: 404, body: { code: 'NOT_FOUND', message: '不存在' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

const operator = (role: OperatorRole) => ({ id: 7, username: 'op_test', displayName: '测试员', role, permissions: permissionsOf(role) });
const UNAUTHENTICATED = { status: 401, body: { code: 'UNAUTHENTICATED', message: '登录已失效，请重新登录' } };

function ThingsPage() {
  const things = useQuery({ queryKey: ['things'], queryFn: () => boGet('/things', z.object({ count: z.number() })) });
  return <p>{things.data ? `共 ${things.data.count} 件` : '加载中'}</p>;
}

const PAGES: BackofficePage[] = [
  { path: '/things', title: '物品', permission: 'operators.manage', nav: { group: '系统', order: 2 }, component: ThingsPage },
  { path: '/draw-stuff', title: '开奖事务', permission: 'draws.read', nav: { group: '开奖', order: 1 }, component: () => <p>开奖内容</p> },
  { path: '/audit-ish', title: '审计', permission: 'audit.read', nav: { group: '系统', order: 1 }, component: () => <p>审计内容</p> },
  { path: '/hidden', title: '隐藏页', permission: 'approvals.read', component: () => <p>隐藏内容</p> },
];

function renderBackoffice(path: string) {
  const queryClient = createBackofficeQueryClient(() => endSession(queryClient, router));
  const router = memoryBackofficeRouter(queryClient, path, PAGES);
  render(<BackofficeApp queryClient={queryClient} router={router} />);
  return { router, queryClient };
}

describe('navGroups', () => {
  it('lists the pages the role may open, groups in their fixed order, by order inside a group', () => {
    const groups = navGroups(PAGES, (p) => roleHas('SUPER_ADMIN', p));
    expect(groups).toEqual([
      { group: '开奖', items: [{ path: '/draw-stuff', title: '开奖事务' }] },
      { group: '系统', items: [{ path: '/audit-ish', title: '审计' }, { path: '/things', title: '物品' }] },
    ]);
    expect(navGroups(PAGES, (p) => roleHas('DRAW', p))).toEqual([{ group: '开奖', items: [{ path: '/draw-stuff', title: '开奖事务' }] }]);
    expect(navGroups(PAGES, (p) => roleHas('SUPPORT', p))).toEqual([]);
  });
});

describe('the operator-session guard', () => {
  it('sends a signed-out visitor to sign-in and, after password and code, to the address asked for', async () => {
    let signedIn = false;
    scriptedServer({
      'GET /ajax/backoffice/session': () => ({ body: { operator: signedIn ? operator('SUPER_ADMIN') : null } }),
      'POST /ajax/backoffice/sign-in/password': (body) =>
        (body as { password: string }).password === 'right-pass1'
          ? { body: { next: 'SECOND_FACTOR' } }
          : { status: 401, body: { code: 'BAD_CREDENTIALS', message: '用户名或密码错误' } },
      'POST /ajax/backoffice/sign-in/code': () => {
        signedIn = true;
        return { body: { operator: operator('SUPER_ADMIN') } };
      },
      'GET /ajax/backoffice/things': () => ({ body: { count: 3 } }),
    });
    const { router } = renderBackoffice('/things?page=2');
    await user.type(await screen.findByLabelText('用户名'), 'op_test');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toEqual({ redirect: '/things?page=2' });

    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByRole('alert')).textContent).toBe('用户名或密码错误');
    await user.clear(screen.getByLabelText('密码'));
    await user.type(screen.getByLabelText('密码'), 'right-pass1');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await user.type(await screen.findByLabelText('动态验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('共 3 件')).toBeTruthy();
    expect(router.state.location.href).toBe('/things?page=2');
    expect(screen.getByTestId('operator-role').textContent).toBe('超级管理员');
  });

  it('shows the 403 page for a page the role lacks, and the navigation only what it may use', async () => {
    scriptedServer({ 'GET /ajax/backoffice/session': () => ({ body: { operator: operator('DRAW') } }) });
    renderBackoffice('/things');
    expect((await screen.findByTestId('page-403')).textContent).toContain('没有权限');
    const nav = screen.getByTestId('backoffice-nav');
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['首页', '开奖事务']);
  });

  it('a 401 in the middle of the work forgets the session and opens sign-in, keeping the address', async () => {
    scriptedServer({
      'GET /ajax/backoffice/session': () => ({ body: { operator: operator('SUPER_ADMIN') } }),
      'GET /ajax/backoffice/things': () => UNAUTHENTICATED,
    });
    const { router } = renderBackoffice('/things');
    expect(await screen.findByLabelText('用户名')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toEqual({ redirect: '/things' });
  });

  it('ignores a redirect that would leave the back office', async () => {
    let signedIn = false;
    scriptedServer({
      'GET /ajax/backoffice/session': () => ({ body: { operator: signedIn ? operator('RISK') : null } }),
      'POST /ajax/backoffice/sign-in/password': () => ({ body: { next: 'SECOND_FACTOR' } }),
      'POST /ajax/backoffice/sign-in/code': () => {
        signedIn = true;
        return { body: { operator: operator('RISK') } };
      },
    });
    const { router } = renderBackoffice('/sign-in?redirect=%2F%2Fevil.example');
    await user.type(await screen.findByLabelText('用户名'), 'op_test');
    await user.type(screen.getByLabelText('密码'), 'pass1234');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await user.type(await screen.findByLabelText('动态验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('heading', { name: /您好/ })).toBeTruthy();
    expect(router.state.location.href).toBe('/');
  });
});

describe('first sign-in', () => {
  it('shows the QR code and the secret, puts the server\'s refusal on the form, then the recovery codes', async () => {
    let attempts = 0;
    scriptedServer({
      'GET /ajax/backoffice/session': () => ({ body: { operator: null } }),
      'POST /ajax/backoffice/sign-in/password': () => ({
        body: {
          next: 'ENROLMENT',
          enrolment: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://totp/Jinli:op_test?secret=JBSWY3DPEHPK3PXP&issuer=Jinli',
            qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="1" height="1"/></svg>',
            issuer: 'Jinli',
            account: 'op_test',
          },
        },
      }),
      'POST /ajax/backoffice/sign-in/enrol': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 401, body: { code: 'BAD_CREDENTIALS', message: '验证码错误，请确认手机时间准确后重试' } }
          : { body: { operator: operator('FINANCE'), recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } };
      },
    });
    renderBackoffice('/');
    await user.type(await screen.findByLabelText('用户名'), 'op_test');
    await user.type(screen.getByLabelText('密码'), 'pass1234');
    await user.click(screen.getByRole('button', { name: '下一步' }));

    expect((await screen.findByTestId('enrolment-qr')).querySelector('svg rect')).not.toBeNull();
    expect(screen.getByTestId('enrolment-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    await user.click(screen.getByRole('button', { name: '完成绑定' }));
    expect(await screen.findByText('请输入 6 位动态验证码')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: '动态验证码' }), '111111');
    await user.click(screen.getByRole('button', { name: '完成绑定' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误，请确认手机时间准确后重试');
    await user.click(screen.getByRole('button', { name: '完成绑定' }));

    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByText(/-/).map((c) => c.textContent)).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    const enter = screen.getByRole('button', { name: '进入运营后台' });
    expect((enter as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('我已妥善保存以上恢复码'));
    await user.click(enter);
    await waitFor(() => expect(screen.getByTestId('operator-role').textContent).toBe('财务'));
  });
});

describe('small pure parts', () => {
  it('groups a secret by four for typing', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  it('compares an audit row field by field when both sides are records', () => {
    expect(auditDiff({ role: 'SUPPORT', name: 'a' }, { role: 'RISK', name: 'a', extra: 1 })).toEqual([
      { field: 'role', before: 'SUPPORT', after: 'RISK', changed: true },
      { field: 'name', before: 'a', after: 'a', changed: false },
      { field: 'extra', before: undefined, after: 1, changed: true },
    ]);
    expect(auditDiff(null, { enrolled: true })).toEqual([{ field: '', before: null, after: { enrolled: true }, changed: true }]);
  });
});
