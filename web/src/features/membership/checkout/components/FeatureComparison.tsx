import styled from 'styled-components';
import { Card } from '../../../../ui/Card.tsx';
import { DataTable, TableScroll } from '../../../../ui/Table.tsx';
import { COMPARISON_COLUMNS, comparisonRows } from '../plan-content.ts';
import type { Plan } from '../../api.ts';

const Table = styled(DataTable)`
  th, td { padding: 10px 12px; text-align: center; }
  th:first-child, td:first-child { text-align: left; }
  tbody th { font-weight: 500; }
`;
const SectionTitle = styled.h2`
  font-size: 24px;
  margin: 0 0 12px;
`;

function Mark({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? <span aria-label="Included">✓</span> : <span aria-label="Not included">—</span>;
}

/** The Feature Comparison table: Trial, Pro and Expert. */
export function FeatureComparison({ plans }: { plans: readonly Plan[] }) {
  return (
    <Card as="section" aria-labelledby="comparison-title">
      <SectionTitle id="comparison-title">Feature Comparison</SectionTitle>
      <TableScroll>
        <Table>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {COMPARISON_COLUMNS.map((column) => (
                <th scope="col" key={column.plan}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparisonRows(plans).map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                {COMPARISON_COLUMNS.map((column) => (
                  <td key={column.plan}>
                    <Mark value={row.values[column.plan]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

