// Small harness for the accounts component tests: Mantine and a query client around one component,
// a scripted fetch, and the toasts captured instead of shown.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../../src/app/lib/query-client.ts';

export interface ScriptedCall {
  path: string;
  method: string;
  body: unknown;
}

export type Handler = (body: unknown) => { status?: number; body: unknown };

export function scriptedServer(routes: Record<string, Handler>) {
  const calls: ScriptedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://app.test').pathname;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const method = init?.method ?? 'GET';
      calls.push({ path, method, body });
      const handler = routes[`${method} ${path}`];
      if (!handler) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: '不存在' }), { status: 404 });
      const answer = handler(body);
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}

/** As renderWithProviders, with the query client boot.tsx builds: mutations are sent at once, online or not (never queued). */
export function renderWithAppClient(ui: ReactNode) {
  const queryClient = createQueryClient();
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}
