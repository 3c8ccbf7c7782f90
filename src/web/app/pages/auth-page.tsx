import { getRouteApi } from '@tanstack/react-router';
import { AuthScreen } from '#web/features/auth/components/auth-screen.tsx';

const authRoute = getRouteApi('/app/auth');
const resetPasswordRoute = getRouteApi('/app/auth/reset-password');

export function AuthPage() {
  return <AuthScreen pathname="/auth" search={authRoute.useSearch()} />;
}

/** The emailed reset link lands here (spec accounts §2: a path containing reset-password). */
export function ResetPasswordPage() {
  return <AuthScreen pathname="/auth/reset-password" search={resetPasswordRoute.useSearch()} />;
}
