import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CSRF_HEADER } from '../../src/shared/api/errors.ts';
import { apiGet, apiPost, apiPut, apiRequest } from '../../src/app/lib/api/client.ts';
import { ApiError, isDefinitiveRefusal, isNetworkError, isUnauthenticated, NetworkError } from '../../src/app/lib/api/errors.ts';

function respond(status: number, body: string) {
  return vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('fetch wrapper', () => {
  it('sends the CSRF header on every mutating method and never on GET', async () => {
    const fetchMock = respond(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('/ajax/x', z.object({}));
    await apiPut('/ajax/x', { a: 1 });
    await apiPost('/ajax/x', { a: 1 });
    await apiRequest('/ajax/x', { method: 'DELETE' });
    const headers = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>);
    expect(headers[0]?.[CSRF_HEADER]).toBeUndefined();
    expect(headers.slice(1).map((h) => h[CSRF_HEADER])).toEqual(['1', '1', '1']);
    const init = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('parses the response with the schema', async () => {
    vi.stubGlobal('fetch', respond(200, '{"balance":1234}'));
    await expect(apiGet('/ajax/b', z.object({ balance: z.number() }))).resolves.toEqual({ balance: 1234 });
  });

  it('turns the error body into a typed ApiError with code, message and fields', async () => {
    vi.stubGlobal('fetch', respond(400, JSON.stringify({ code: 'VALIDATION', message: '用户名不可以为空', fields: { username: '用户名不可以为空' } })));
    const error = await apiPut('/ajax/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: '用户名不可以为空', fields: { username: '用户名不可以为空' } });
  });

  it('gives a Chinese message when the error body is not the API shape', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    const error = (await apiGet('/ajax/x', z.object({})).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('服务器繁忙，请稍后重试');
  });

  it('reads a bare 401 as an ended session, but wrong credentials are not one', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401 })));
    expect(isUnauthenticated(await apiGet('/ajax/x', z.object({})).catch((e: unknown) => e))).toBe(true);
    vi.stubGlobal('fetch', respond(401, JSON.stringify({ code: 'BAD_CREDENTIALS', message: '账号或密码错误' })));
    const badLogin = await apiPut('/ajax/login', {}).catch((e: unknown) => e);
    expect(isUnauthenticated(badLogin)).toBe(false);
    expect((badLogin as ApiError).message).toBe('账号或密码错误');
  });

  it('throws a NetworkError, distinct from ApiError, when no response arrives', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await apiGet('/ajax/x', z.object({})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(isUnauthenticated(error)).toBe(false);
  });

  it('lets an abort through as an abort, not a network failure', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))));
    controller.abort();
    const error = await apiGet('/ajax/x', z.object({}), controller.signal).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('refuses a response that does not match the contract', async () => {
    vi.stubGlobal('fetch', respond(200, '{"balance":"lots"}'));
    const error = (await apiGet('/ajax/b', z.object({ balance: z.number() })).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('服务器返回的数据有误，请稍后重试');
  });
});

describe('a definitive refusal (decisions §7: when an idempotency key may be dropped)', () => {
  // Guards the frontend audit: money forms replaced their key after any ApiError, including a proxy's
  // 502/504 page, so a retry could withdraw or transfer twice. Only the server's own 4xx refusal counts.
  const failureOf = async (status: number, body: string) => {
    vi.stubGlobal('fetch', respond(status, body));
    return apiPost('/ajax/x', {}, z.object({ ok: z.boolean() })).catch((e: unknown) => e);
  };

  it('is a 4xx with the server’s { code, message } body', async () => {
    expect(isDefinitiveRefusal(await failureOf(400, '{"code":"VALIDATION","message":"资金密码错误"}'))).toBe(true);
    expect(isDefinitiveRefusal(await failureOf(409, '{"code":"INSUFFICIENT_FUNDS","message":"余额不足"}'))).toBe(true);
  });

  it('is not a 5xx (even with a body), a proxy page, an unreadable answer or no answer', async () => {
    expect(isDefinitiveRefusal(await failureOf(504, '<html><body>504 Gateway Time-out</body></html>'))).toBe(false);
    expect(isDefinitiveRefusal(await failureOf(502, ''))).toBe(false);
    expect(isDefinitiveRefusal(await failureOf(500, '{"code":"INTERNAL","message":"服务器繁忙"}'))).toBe(false);
    expect(isDefinitiveRefusal(await failureOf(408, '<html>timeout</html>'))).toBe(false);
    expect(isDefinitiveRefusal(await failureOf(200, '{"ok":"maybe"}'))).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(isDefinitiveRefusal(await apiPost('/ajax/x', {}).catch((e: unknown) => e))).toBe(false);
    expect(isDefinitiveRefusal(new Error('no provider'))).toBe(false);
  });
});
