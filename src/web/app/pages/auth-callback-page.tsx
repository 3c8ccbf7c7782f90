import { getRouteApi } from '@tanstack/react-router';
import { VerifyCallback } from '#web/features/auth/components/verify-callback.tsx';

const authCallbackRoute = getRouteApi('/app/auth/callback');

export function AuthCallbackPage() {
  return <VerifyCallback query={authCallbackRoute.useSearch()} />;
}
