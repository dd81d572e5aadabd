import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { lazyPage } from './lazy-page.tsx';
import { AppShell } from '../layout/AppShell.tsx';

const Login = lazyPage('Sign In', () => import('../pages/auth/LoginPage.tsx'));
const Register = lazyPage('Create Account', () => import('../pages/auth/RegisterPage.tsx'));
const AuthCallback = lazyPage('Authentication', () => import('../pages/auth/AuthCallbackPage.tsx'));
const ForgotPassword = lazyPage('Forgot Password', () => import('../pages/auth/ForgotPasswordPage.tsx'));
const ResetPassword = lazyPage('Reset Password', () => import('../pages/auth/ResetPasswordPage.tsx'));
const Pricing = lazyPage('Pricing', () => import('../pages/pricing/index.tsx'));
const Collection = lazyPage('Collection', () => import('../pages/collection/index.tsx'));
const Search = lazyPage('Search', () => import('../pages/search/index.tsx'));
const Sneaker = lazyPage('Sneaker', () => import('../pages/sneaker/index.tsx'));
const Settings = lazyPage('Settings', () => import('../pages/settings/index.tsx'));
const Upgrade = lazyPage('Upgrade', () => import('../pages/upgrade/index.tsx'));
const Membership = lazyPage('Membership', () => import('../pages/membership/index.tsx'));
const AdminPanel = lazyPage('Admin Dashboard', () => import('../pages/admin/index.tsx'));
const EmailTests = lazyPage('Email Templates', () => import('../pages/email-tests/index.tsx'));
const UpgradeDemo = lazyPage('Upgrade Demo', () => import('../features/upgrade-prompt/UpgradePromptDemo.tsx'));
const Status = lazyPage('Status', () => import('./StatusPage.tsx'));
const Demo = lazyPage('Demo', () => import('../pages/demo/index.tsx'));

const to = (path: string) => <Navigate to={path} replace />;

/** The route table of spec 3 §2.1. */
export const routes: RouteObject[] = [
  { path: '/login', element: <Login /> },
  { path: '/register', element: <Register /> },
  { path: '/pricing', element: <Pricing /> },
  { path: '/auth/callback', element: <AuthCallback /> },
  { path: '/forgot-password', element: <ForgotPassword /> },
  { path: '/reset-password', element: <ResetPassword /> },
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
      { path: 'product/:id', element: <Sneaker /> },
      { path: 'settings', element: <Settings /> },
      { path: 'pricing', element: <Pricing /> },
      { path: 'upgrade', element: <Upgrade /> },
      { path: 'membership', element: <Membership /> },
      { path: 'admin-panel', element: <RequireAdmin><AdminPanel /></RequireAdmin> },
      { path: 'email-templates', element: <RequireAdmin><EmailTests /></RequireAdmin> },
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
