// Back-office links and navigation. The PWA registers its own route tree with TanStack Router's
// types; the back office's pages are assembled at run time from BACKOFFICE_PAGES, so its paths are
// plain strings (relative to /backoffice) here, checked by the router when they are followed.
import { Link, useNavigate } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';

export type Search = Record<string, string | number | boolean | undefined>;

export function useBackofficeNavigate(): (to: string, search?: Search) => Promise<void> {
  const navigate = useNavigate();
  return (to, search) => navigate({ to: to as never, search: (search ?? {}) as never });
}

interface BoLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  search?: Search;
  children?: ReactNode;
}

export const BoLink = forwardRef<HTMLAnchorElement, BoLinkProps>(function BoLink({ to, search, ...rest }, ref) {
  return <Link ref={ref} to={to as never} search={(search ?? {}) as never} {...rest} />;
});
