import styled from 'styled-components';

/** A row of controls that wraps: labelled selects and inputs stacked over their labels, aligned at the bottom. */
export const Toolbar = styled.div<{ $spread?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: flex-end;
  justify-content: ${({ $spread }) => ($spread ? 'space-between' : 'flex-start')};
  margin-bottom: 16px;
  > label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; font-weight: 600; }
  [role='group'] { display: flex; gap: 4px; }
`;
