// The window's address (spec §7): token (the customer's name: identifies, never authenticates — the
// server uses the session cookie), source (line 1–3) and route (the page it was opened from).
export interface CustomerServiceSearch {
  token?: string;
  source?: 1 | 2 | 3;
  route?: string;
}

export const validateCustomerServiceSearch = ({ token, source, route }: Record<string, unknown>): CustomerServiceSearch => ({
  token: typeof token === 'string' ? token.slice(0, 32) : undefined,
  source: source === 1 || source === 2 || source === 3 ? source : undefined,
  route: typeof route === 'string' && /^\/\S{0,199}$/.test(route) ? route : undefined,
});
