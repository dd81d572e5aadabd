import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import { ThemeToggle } from '../../theme/index.ts';
import { Badge, Button, Card, Loading, PageHeader, Stack, TextField } from '../../ui/index.ts';
import { DEMO_WRONG_PASSWORD, clearDemoAccess, fetchDemoData, readDemoAccess, requestDemoAccess, type DemoAccess } from './demo-access.ts';
import { DemoDataContext } from './demo-context.ts';
import { DemoCollection } from './DemoCollection.tsx';
import { DemoDashboard } from './DemoDashboard.tsx';
import { DemoProduct } from './DemoProduct.tsx';
import { DemoSearch } from './DemoSearch.tsx';
import { cssVar } from '../../theme/cssVars.ts';

const Page = styled.div`
  min-height: 100vh;
  background: ${cssVar.colors.background};
  color: ${cssVar.colors.text};
`;
const Top = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  padding: 12px 20px;
  border-bottom: 1px solid ${cssVar.colors.border};
  background: ${cssVar.colors.surface};
  nav { display: flex; gap: 4px; flex-wrap: wrap; flex: 1; }
  nav a { padding: 6px 10px; border-radius: 8px; color: ${cssVar.colors.textMuted}; text-decoration: none; font-size: 14px; }
  nav a.active { color: ${cssVar.colors.text}; background: ${cssVar.colors.background}; font-weight: 600; }
`;
const Main = styled.main`
  max-width: 1200px;
  margin: 0 auto;
  padding: 24px 16px 48px;
`;
const GateBox = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
`;

const SCREENS = [
  { path: 'professional-dashboard', label: 'Pro Dashboard' },
  { path: 'professional-search', label: 'Pro Search' },
  { path: 'professional-portfolio', label: 'Pro Portfolio' },
  { path: 'professional-product/p1', label: 'Pro Product' },
  { path: 'dashboard', label: 'Dashboard' },
  { path: 'search', label: 'Search' },
  { path: 'collection', label: 'Collection' },
  { path: 'product', label: 'Product' },
] as const;

function Gate({ onAccess }: { onAccess(access: DemoAccess): void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(DEMO_WRONG_PASSWORD);
      return;
    }
    setBusy(true);
    try {
      onAccess(await requestDemoAccess(password, sessionStorage));
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : DEMO_WRONG_PASSWORD);
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <GateBox>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack $gap={4}>
            <div>
              <h1 style={{ fontSize: 24, margin: 0 }}>Kicksight Demo</h1>
              <p style={{ margin: '4px 0 0' }}>Enter the demo password to explore sample features.</p>
            </div>
            <TextField label="Demo password" type="password" autoComplete="off" value={password} error={error} onChange={(e) => setPassword(e.target.value)} />
            <Button type="submit" disabled={busy}>
              {busy ? 'Checking...' : 'Enter Demo'}
            </Button>
          </Stack>
        </form>
      </Card>
    </GateBox>
  );
}

function Screen({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <PageHeader>
        <div>
          <h1>{title}</h1>
          <p>
            Sample data <Badge $tone="purple">Demo</Badge>
          </p>
        </div>
      </PageHeader>
      {children}
    </>
  );
}

/** The demo area behind its password gate (spec 3 §2.12): sample screens whose data the BFF gives for a valid ticket, for 2 hours. */
export default function DemoArea() {
  const [access, setAccess] = useState<DemoAccess | null>(() => readDemoAccess(sessionStorage));
  useEffect(() => {
    if (!access) return;
    const left = Math.min(access.expiresAt, access.timestamp + 2 * 60 * 60 * 1000) - Date.now();
    const timer = setTimeout(() => setAccess(readDemoAccess(sessionStorage)), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [access]);
  const data = useQuery({
    queryKey: ['demo', 'data', access?.ticket],
    // A ticket the BFF refuses (forged, expired, or signed with an old secret) is dropped: the gate opens again.
    queryFn: ({ signal }) =>
      fetchDemoData(access!.ticket, signal).catch((failure: unknown) => {
        clearDemoAccess(sessionStorage);
        throw failure;
      }),
    enabled: access !== null,
    staleTime: Infinity,
    retry: false,
  });
  if (!access || data.isError) return <Gate onAccess={setAccess} />;
  if (!data.data) return <Loading message="Loading the demo..." />;
  const logout = () => {
    clearDemoAccess(sessionStorage);
    window.location.reload();
  };
  return (
    <Page>
      <Top>
        <strong>Kicksight Demo</strong>
        <nav aria-label="Demo screens">
          {SCREENS.map((s) => (
            <NavLink key={s.path} to={`/demo/${s.path}`}>
              {s.label}
            </NavLink>
          ))}
        </nav>
        <ThemeToggle />
        <Button type="button" $variant="secondary" $size="sm" onClick={logout}>
          Demo Logout
        </Button>
      </Top>
      <Main>
        <DemoDataContext value={data.data}>
        <Routes>
          <Route index element={<Navigate to="/demo/dashboard" replace />} />
          <Route path="professional-dashboard" element={<Screen title="Professional Dashboard"><DemoDashboard professional /></Screen>} />
          <Route path="professional-search" element={<Screen title="Professional Search"><DemoSearch professional /></Screen>} />
          <Route path="professional-portfolio" element={<Screen title="Professional Portfolio"><DemoCollection professional /></Screen>} />
          <Route path="professional-product/:id" element={<Screen title="Professional Product"><DemoProduct /></Screen>} />
          <Route path="dashboard" element={<Screen title="Dashboard"><DemoDashboard /></Screen>} />
          <Route path="search" element={<Screen title="Search"><DemoSearch /></Screen>} />
          <Route path="collection" element={<Screen title="Collection"><DemoCollection /></Screen>} />
          <Route path="product" element={<Screen title="Product"><DemoProduct /></Screen>} />
          <Route path="*" element={<Navigate to="/demo/dashboard" replace />} />
        </Routes>
        </DemoDataContext>
      </Main>
    </Page>
  );
}
