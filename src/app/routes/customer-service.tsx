import { createFileRoute } from '@tanstack/react-router';
import { CustomerServiceWindow } from '../features/customer-service/CustomerServiceWindow.tsx';
import { validateCustomerServiceSearch } from '../features/customer-service/search.ts';

// The customer-service window (spec §7: 600×600 on desktop, full screen on a phone) with token, source and route.
export const Route = createFileRoute('/customer-service')({
  validateSearch: validateCustomerServiceSearch,
  component: CustomerServiceWindow,
});
