import { LoginPage } from '../../features/auth/components/login-page.tsx';

/** / and /login */
export function LoginRoute() {
  return <LoginPage />;
}
