import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { protectedRoute } from './protected.tsx';

// The signed-in account pages reached from the header's profile drawer (spec accounts §2).
export const profileRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/meu-perfil',
  component: lazyRouteComponent(() => import('../pages/profile-page.tsx'), 'ProfilePage'),
});

export const settingsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/configuracoes',
  component: lazyRouteComponent(() => import('../pages/settings-page.tsx'), 'SettingsPage'),
});

const comingSoon = lazyRouteComponent(
  () => import('../pages/coming-soon-page.tsx'),
  'ComingSoonPage',
);

// Linked from the header and the drawer; their features land with later issues.
const comingSoonRoute = <TPath extends string>(path: TPath) =>
  createRoute({ getParentRoute: () => protectedRoute, path, component: comingSoon });

export const savingsRoute = comingSoonRoute('/poupancas');
export const cmvRoute = comingSoonRoute('/cmv');
export const teamsRoute = comingSoonRoute('/gestao-equipas');
export const integrationsRoute = comingSoonRoute('/integracoes');
export const helpRoute = comingSoonRoute('/ajuda-tutoriais');
// Linked from the bottom navigation; the suppliers screen comes with its own issue.
export const suppliersRoute = comingSoonRoute('/fornecedores');

export const accountPageRoutes = [
  profileRoute,
  settingsRoute,
  savingsRoute,
  cmvRoute,
  teamsRoute,
  integrationsRoute,
  helpRoute,
  suppliersRoute,
] as const;
