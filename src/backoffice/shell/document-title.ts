import { useEffect } from 'react';

export const APP_TITLE = '锦鲤 · 运营后台';

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}
