import { Link } from '@tanstack/react-router';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="jl-logo" aria-label="锦鲤 大厅">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {!compact && <span>锦鲤</span>}
    </Link>
  );
}
