import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ThemeToggle } from '../../theme/index.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 32px 16px;
  position: relative;
`;

const Panel = styled.div`
  width: 100%;
  max-width: 440px;
  background: ${cssVar.colors.surface};
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.card};
  padding: 32px 28px;
  display: flex;
  flex-direction: column;
  gap: 16px;
  h1 { font-size: 24px; font-weight: 700; }
  form { display: flex; flex-direction: column; gap: 14px; }
`;

const Brand = styled.div`
  font-weight: 800;
  font-size: 18px;
  color: ${cssVar.colors.accent};
`;

const Corner = styled.div`
  position: absolute;
  top: 16px;
  right: 16px;
`;

export const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${cssVar.colors.textMuted};
  font-size: 12px;
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${cssVar.colors.border}; }
`;

export const FormError = styled.p`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${cssVar.radius.control};
  border: 1px solid ${cssVar.colors.loss};
  color: ${cssVar.colors.loss};
  font-size: 13px;
`;

export const Row = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
  font-size: 13px;
`;

/** The frame of the sign-in pages. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Page>
      <Corner>
        <ThemeToggle />
      </Corner>
      <Panel>
        <Brand>Kicksight</Brand>
        <div>
          <h1>{title}</h1>
          {subtitle && <p style={{ margin: '4px 0 0' }}>{subtitle}</p>}
        </div>
        {children}
      </Panel>
    </Page>
  );
}
