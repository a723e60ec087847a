import { createFileRoute } from '@tanstack/react-router';
import { applyFilterChange } from '../../../features/orders/order-filters.ts';
import { validateOrderSearch, type OrderFilters } from '../../../features/orders/order-search.ts';
import { OrdersOverlay } from '../../../features/orders/OrdersOverlay.tsx';

export const Route = createFileRoute('/_loggedIn/account/order')({
  staticData: { overlay: true },
  validateSearch: validateOrderSearch,
  component: OrdersRoute,
});

function OrdersRoute() {
  const filters: OrderFilters = validateOrderSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  // Filters replace the entry (the back button leaves the list instead of undoing each filter), and
  // apply to the latest URL so quick successive changes all count.
  const change = (patch: Partial<OrderFilters>) =>
    void navigate({ search: (previous) => applyFilterChange(validateOrderSearch(previous), patch), replace: true, resetScroll: false });
  return <OrdersOverlay filters={filters} onFiltersChange={change} />;
}
