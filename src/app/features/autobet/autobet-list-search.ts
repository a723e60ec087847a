// The autobet list's page lives in the URL (`/account/autobet/{tab}?page=`), so reloads and the page
// behind a root overlay keep it.
export interface AutobetListSearch {
  page?: number;
}

export function validateAutobetListSearch(search: Record<string, unknown>): AutobetListSearch {
  const page = Number(search.page);
  return Number.isSafeInteger(page) && page > 1 ? { page } : {};
}
