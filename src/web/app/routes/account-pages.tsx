import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { protectedRoute } from './protected.tsx';
import { parseHelpSearch } from '#web/features/help/help-search-params.ts';
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
// The help centre (issue 20 point 6): the topics and the search, and one article per address
// so every screen can link to the one that explains it. Both load the help chunk on demand.
const helpPage = (name: 'HelpIndexPage' | 'HelpArticlePage') =>
  lazyRouteComponent(() => import('../pages/help-page.tsx'), name);

export const helpRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/ajuda-tutoriais',
  validateSearch: parseHelpSearch,
  component: helpPage('HelpIndexPage'),
});

export const helpArticleRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/ajuda-tutoriais/$slug',
  validateSearch: parseHelpSearch,
  component: helpPage('HelpArticlePage'),
});
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
  helpArticleRoute,
  suppliersRoute,
  categoriesRoute,
  supplierInvoicesRoute,
] as const;
