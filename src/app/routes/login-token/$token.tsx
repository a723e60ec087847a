import { createFileRoute } from '@tanstack/react-router';
import { LoginTokenPage } from '../../features/accounts/common/LoginTokenPage.tsx';

export const Route = createFileRoute('/login-token/$token')({
  component: LoginTokenRoute,
});

function LoginTokenRoute() {
  const { token } = Route.useParams();
  return <LoginTokenPage token={token} />;
}
