import styled from 'styled-components';
import { cssVar, space } from '../theme/cssVars.ts';

export const Card = styled.section<{ $padding?: number }>`
  background: ${cssVar.colors.surface};
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.card};
  padding: ${({ $padding = 5 }) => space($padding)};
`;

export const CardTitle = styled.h2`
  font-size: 16px;
  font-weight: 600;
  margin-bottom: 12px;
`;

export const Muted = styled.span`
  color: ${cssVar.colors.textMuted};
  font-size: 13px;
`;

export const Stack = styled.div<{ $gap?: number; $row?: boolean; $wrap?: boolean; $align?: string; $justify?: string }>`
  display: flex;
  flex-direction: ${({ $row }) => ($row ? 'row' : 'column')};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
  gap: ${({ $gap = 3 }) => space($gap)};
  align-items: ${({ $align = 'stretch' }) => $align};
  justify-content: ${({ $justify = 'flex-start' }) => $justify};
`;

export const PageHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 20px;
  h1 { font-size: 24px; font-weight: 700; }
  p { margin: 4px 0 0; color: ${cssVar.colors.textMuted}; }
`;
