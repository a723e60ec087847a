// Content dates are shown as the platform's calendar day (Beijing time), e.g. 2026-11-22.
let formatter: Intl.DateTimeFormat | null = null;

export function formatContentDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  formatter ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
  return formatter.format(date);
}
