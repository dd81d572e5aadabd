import styled from 'styled-components';
import { cssVar } from '../theme/cssVars.ts';

/** A square button holding an icon; always give it an aria-label. */
export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: ${cssVar.radius.control};
  border: 1px solid ${cssVar.colors.border};
  background: ${cssVar.colors.surface};
  color: ${cssVar.colors.text};
  cursor: pointer;
  font-size: 16px;
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;
