import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { protectedRoute } from './protected.tsx';
import { parseDashboardSearch } from './search-params.ts';

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

// Savings goals (issue 16 point 5) and the company's CMV and sales (issue 16 point 4).
export const savingsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/poupancas',
  component: lazyRouteComponent(() => import('../pages/savings-page.tsx'), 'SavingsPage'),
});

export const cmvRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/cmv',
  component: lazyRouteComponent(() => import('../pages/cmv-page.tsx'), 'CmvPage'),
});
// The team: PIN profiles, members and invitations (issue 18).
export const teamsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/gestao-equipas',
  component: lazyRouteComponent(() => import('../pages/teams-page.tsx'), 'TeamsPage'),
});
// The spreadsheet feed (issue 17 point 2) and its test page (spec invoice-work §2).
export const integrationsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/integracoes',
  component: lazyRouteComponent(() => import('../pages/integrations-page.tsx'), 'IntegrationsPage'),
});

export const testIntegrationsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/test-integracoes',
  component: lazyRouteComponent(
    () => import('../pages/test-integrations-page.tsx'),
    'TestIntegrationsPage',
  ),
});
export const helpRoute = comingSoonRoute('/ajuda-tutoriais');
// Linked from the bottom navigation (Entidades): the suppliers and one supplier's invoices.
export const suppliersRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/fornecedores',
  component: lazyRouteComponent(() => import('../pages/suppliers-page.tsx'), 'SuppliersPage'),
});

export const supplierInvoicesRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/faturas/$nif',
  // `?fatura=<id>` opens that invoice's sheet over the list, as on the dashboard.
  validateSearch: parseDashboardSearch,
  component: lazyRouteComponent(
    () => import('../pages/supplier-invoices-page.tsx'),
    'SupplierInvoicesPage',
  ),
});

// Custom categories: create, edit and delete them (spec invoice-work §2, §5).
export const categoriesRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/gestao-categorias-personalizadas',
  component: lazyRouteComponent(() => import('../pages/categories-page.tsx'), 'CategoriesPage'),
});

export const accountPageRoutes = [
  profileRoute,
  settingsRoute,
  savingsRoute,
  cmvRoute,
  teamsRoute,
  integrationsRoute,
  testIntegrationsRoute,
  helpRoute,
  suppliersRoute,
  categoriesRoute,
  supplierInvoicesRoute,
] as const;
