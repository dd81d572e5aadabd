import styled from 'styled-components';
import { cssVar } from '../theme/cssVars.ts';

/** Lets a wide table scroll sideways on a narrow screen. */
export const TableScroll = styled.div`
  overflow-x: auto;
`;

/** A data table: full width, ruled rows, left-aligned cells, numbers in tabular figures (`td.num`). Pages set its padding. */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  th,
  td {
    text-align: left;
    border-bottom: 1px solid ${cssVar.colors.border};
  }
  td.num {
    font-variant-numeric: tabular-nums;
  }
`;
