import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { PLANS } from '@kicksight/contracts/plans';
import styled, { useTheme } from 'styled-components';
import { MonthlyGainChart } from '../../ui/charts/MonthlyGainChart.tsx';
import { useSession } from '../../session/index.ts';
import { useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { Button, Card, CardTitle, EmptyState, ErrorState, PageHeader, Select, Skeleton, Stack, countOf } from '../../ui/index.ts';
import { salesQueries } from './api.ts';
import { exportsTaxYear, recordsSales } from '../collection/index.ts';
import { yearOfUrl, yearsOf } from './years.ts';
import { monthGainsOf, platformSeries } from './platform-colors.ts';
import { SalesFigures } from './SalesFigures.tsx';
import { SalesTransfer } from './SalesTransfer.tsx';
import { SoldList } from './SoldList.tsx';
import { StockxCard } from './StockxCard.tsx';
import { breakpoints } from '../../theme/cssVars.ts';

const Side = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${breakpoints.lg}) { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); }
`;

export const LEDGER_LOCKED_TITLE = 'Track what you really made';
export const LEDGER_LOCKED_TEXT = `Record your sales with each platform’s fees and see your net and realised gain on a paid plan; export your tax year on ${PLANS.unlimited.displayName}.`;

function Locked() {
  const prompt = useUpgradePrompt();
  return (
    <EmptyState
      title={LEDGER_LOCKED_TITLE}
      text={LEDGER_LOCKED_TEXT}
      action={
        <Button type="button" onClick={() => prompt.open({ trigger: 'premium_feature', feature: 'ledger' })}>
          Upgrade to Unlock
        </Button>
      }
    />
  );
}

/** The year's ledger: its figures, the monthly gain by platform, the sold pairs, export and import, and StockX orders. */
function Ledger({ year }: { year: number }) {
  const theme = useTheme();
  const { tier } = useSession();
  const summary = useQuery({ ...salesQueries.summary(year), placeholderData: keepPreviousData });
  if (summary.isError && !summary.data) return <ErrorState title="Your sales could not be loaded" message={summary.error.message} onRetry={() => void summary.refetch()} />;
  const data = summary.data;
  return (
    <Stack $gap={5}>
      <SalesFigures summary={data} />
      {data && data.incomplete > 0 && (
        <p role="note" style={{ margin: 0 }}>
          {countOf(data.incomplete, 'sale')} imported without a purchase price: their gain counts from a cost of $0 until you complete them.
        </p>
      )}
      {data && data.sales === 0 && (
        <EmptyState
          title={`No sales in ${year}`}
          text="Sell a pair from your collection, or import your past sales, to see your year here."
          action={
            <Button as={Link} to="/admin/collection">
              Go to your collection
            </Button>
          }
        />
      )}
      <Side>
        <Card aria-labelledby="gain-title">
          <CardTitle id="gain-title">Realised gain by month</CardTitle>
          {data ? <MonthlyGainChart months={monthGainsOf(data)} series={platformSeries(theme)} height={260} label={`Realised gain by month and platform, ${year}`} /> : <Skeleton $h={260} />}
        </Card>
        <StockxCard unlocked={exportsTaxYear(tier)} />
      </Side>
      <SoldList year={year} />
    </Stack>
  );
}

/** Sales (`/admin/sales`): the reseller ledger of a year. */
export default function SalesPage() {
  const { tier } = useSession();
  const thisYear = new Date().getUTCFullYear();
  // The year shown is the URL's (?year=), so a reload or the browser's Back keeps it; any other value is this year.
  const [params, setParams] = useSearchParams();
  const year = yearOfUrl(params.get('year'), thisYear);
  const setYear = (chosen: number) => setParams(chosen === thisYear ? {} : { year: String(chosen) });
  const unlocked = recordsSales(tier);
  return (
    <>
      <PageHeader>
        <div>
          <h1>Sales</h1>
          <p>What you sold, what the platforms took, and what you really made.</p>
        </div>
        {unlocked && (
          <Stack $row $gap={2} $wrap $align="flex-end">
            <label style={{ display: 'flex', flexDirection: 'column', gap: 4, fontSize: 13, fontWeight: 600 }}>
              Year
              <Select value={year} onChange={(e) => setYear(Number(e.target.value))}>
                {yearsOf(thisYear).map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </Select>
            </label>
            <SalesTransfer year={year} />
          </Stack>
        )}
      </PageHeader>
      {unlocked ? <Ledger year={year} /> : <Locked />}
    </>
  );
}
