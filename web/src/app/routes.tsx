import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { lazyPage } from './lazy-page.tsx';
import { AppShell } from '../layout/AppShell.tsx';

const Login = lazyPage('Sign In', () => import('../features/auth/LoginPage.tsx'));
const Register = lazyPage('Create Account', () => import('../features/auth/RegisterPage.tsx'));
const AuthCallback = lazyPage('Authentication', () => import('../features/auth/AuthCallbackPage.tsx'));
const ForgotPassword = lazyPage('Forgot Password', () => import('../features/auth/ForgotPasswordPage.tsx'));
const ResetPassword = lazyPage('Reset Password', () => import('../features/auth/ResetPasswordPage.tsx'));
const ConfirmEmail = lazyPage('Confirm Email', () => import('../features/auth/EmailChangePage.tsx').then((m) => ({ default: m.ConfirmEmailPage })));
const UndoEmailChange = lazyPage('Undo Email Change', () => import('../features/auth/EmailChangePage.tsx').then((m) => ({ default: m.UndoEmailChangePage })));
const Pricing = lazyPage('Pricing', () => import('../features/membership/pages/PricingPage.tsx'));
const Collection = lazyPage('Collection', () => import('../features/collection/CollectionPage.tsx'));
const Search = lazyPage('Search', () => import('../features/search/SearchPage.tsx'));
const Sneaker = lazyPage('Sneaker', () => import('../features/sneaker/SneakerPage.tsx'));
const Sales = lazyPage('Sales', () => import('../features/sales/SalesPage.tsx'));
const SalesStockxCallback = lazyPage('StockX', () => import('../features/sales/StockxCallbackPage.tsx'));
const Settings = lazyPage('Settings', () => import('../features/settings/SettingsPage.tsx'));
const Alerts = lazyPage('Alerts', () => import('../features/alerts/AlertsPage.tsx'));
const Upgrade = lazyPage('Upgrade', () => import('../features/membership/pages/UpgradePage.tsx'));
const Membership = lazyPage('Membership', () => import('../features/membership/pages/MembershipPage.tsx'));
const AdminPanel = lazyPage('Admin Dashboard', () => import('../features/admin/AdminPanelPage.tsx'));
const EmailTests = lazyPage('Email Templates', () => import('../features/admin/EmailTestsPage.tsx'));
const StockxCallback = lazyPage('StockX', () => import('../features/admin/StockxCallbackPage.tsx'));
const DataQuality = lazyPage('Data Quality', () => import('../features/admin/DataQualityPage.tsx'));
const UpgradeDemo = lazyPage('Upgrade Demo', () => import('../features/upgrade-prompt/UpgradePromptDemo.tsx'));
const Status = lazyPage('Status', () => import('./StatusPage.tsx'));
const Demo = lazyPage('Demo', () => import('../features/demo/DemoPage.tsx'));

const to = (path: string) => <Navigate to={path} replace />;

/** The route table of spec 3 §2.1. */
export const routes: RouteObject[] = [
  { path: '/login', element: <Login /> },
  { path: '/register', element: <Register /> },
  // Signed out, the pricing page stands alone (the shell gives it its main landmark when signed in).
  { path: '/pricing', element: <main><Pricing /></main> },
  { path: '/auth/callback', element: <AuthCallback /> },
  { path: '/forgot-password', element: <ForgotPassword /> },
  { path: '/reset-password', element: <ResetPassword /> },
  { path: '/confirm-email', element: <ConfirmEmail /> },
  { path: '/undo-email-change', element: <UndoEmailChange /> },
  {
    path: '/admin',
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: to('/admin/collection') },
      { path: 'dashboard', element: to('/admin/collection') },
      { path: 'collection', element: <Collection /> },
      { path: 'search', element: <Search /> },
      { path: 'sales', element: <Sales /> },
      { path: 'sales/stockx/callback', element: <SalesStockxCallback /> },
      { path: 'product/:id', element: <Sneaker /> },
      { path: 'settings', element: <Settings /> },
      { path: 'alerts', element: <Alerts /> },
      { path: 'pricing', element: <Pricing /> },
      { path: 'upgrade', element: <Upgrade /> },
      { path: 'membership', element: <Membership /> },
      { path: 'admin-panel', element: <RequireAdmin><AdminPanel /></RequireAdmin> },
      { path: 'email-templates', element: <RequireAdmin><EmailTests /></RequireAdmin> },
      { path: 'integrations/stockx/callback', element: <RequireAdmin><StockxCallback /></RequireAdmin> },
      { path: 'data-quality', element: <RequireAdmin><DataQuality /></RequireAdmin> },
      { path: 'upgrade-demo', element: <UpgradeDemo /> },
      { path: '*', element: to('/admin/collection') },
    ],
  },
  { path: '/demo/*', element: <Demo /> },
  { path: '/status', element: <Status /> },
  { path: '/dashboard', element: to('/admin/collection') },
  { path: '/collection', element: to('/admin/collection') },
  { path: '/search', element: to('/admin/search') },
  { path: '/settings', element: to('/admin/settings') },
  { path: '/', element: to('/admin/collection') },
  { path: '*', element: to('/admin/collection') },
];
