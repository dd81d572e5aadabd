import styled from 'styled-components';
import { cssVar } from '../theme/cssVars.ts';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANT_STYLES: Record<ButtonVariant, string> = {
  primary: `background: ${cssVar.colors.accent}; color: ${cssVar.colors.accentText};`,
  secondary: `background: ${cssVar.colors.surface}; color: ${cssVar.colors.text}; border-color: ${cssVar.colors.border};`,
  ghost: `background: transparent; color: ${cssVar.colors.text};`,
  danger: `background: ${cssVar.colors.loss}; color: ${cssVar.colors.onLoss};`,
};

/** The app's button: primary (accent), secondary (outlined), ghost, danger. */
export const Button = styled.button<{ $variant?: ButtonVariant; $size?: 'sm' | 'md' | 'lg'; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border-radius: ${cssVar.radius.control};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  text-decoration: none;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  padding: ${({ $size }) => ($size === 'sm' ? '4px 10px' : $size === 'lg' ? '12px 20px' : '8px 14px')};
  font-size: ${({ $size }) => ($size === 'sm' ? '12px' : $size === 'lg' ? '16px' : '14px')};
  ${({ $variant = 'primary' }) => VARIANT_STYLES[$variant]}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  &:hover:not(:disabled) { filter: brightness(1.06); }
`;
