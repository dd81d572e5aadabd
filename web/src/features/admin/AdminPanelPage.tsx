import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { Badge, Button, Card, CardTitle, DataTable, EmptyState, ErrorState, Muted, PageHeader, Select, Skeleton, Stack, TableScroll, formatCount, formatDate, formatMoney } from '../../ui/index.ts';
import { ADMIN_RANGES, FETCH_FAILED, NO_DATA, adminQueries, type AdminAnalytics, type AdminRange, type AdminUser } from './api.ts';
import { BarChart, HorizontalBarChart, LineChart } from './charts.tsx';
import { MarketSourcesCard } from './MarketSourcesCard.tsx';
import { SystemFlowCard } from './SystemFlowCard.tsx';
import { cssVar } from '../../theme/cssVars.ts';

const TABS = ['Overview', 'Revenue', 'Users', 'Usage', 'System Health'] as const;
type Tab = (typeof TABS)[number];

const STATUS_TONE: Record<string, string> = { active: 'green', trial: 'blue', cancelled: 'red', expired: 'gray' };

const Kpis = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  margin-bottom: 20px;
`;
const Kpi = styled(Card)`
  display: grid;
  gap: 4px;
  strong { font-size: 28px; font-variant-numeric: tabular-nums; }
`;
const TabList = styled.div`
  display: flex;
  gap: 4px;
  flex-wrap: wrap;
  border-bottom: 1px solid ${cssVar.colors.border};
  margin-bottom: 16px;
  button {
    border: 0;
    background: none;
    padding: 8px 14px;
    color: ${cssVar.colors.textMuted};
    font-weight: 600;
    cursor: pointer;
    border-bottom: 2px solid transparent;
  }
  button[aria-selected='true'] { color: ${cssVar.colors.text}; border-bottom-color: ${cssVar.colors.accent}; }
`;
const Two = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
`;
const Table = styled(DataTable)`
  th, td { padding: 8px; }
`;
const Controls = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
`;

const percent = (value: number) => `${Number(value.toFixed(2))}%`;
const shortDay = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function UsersTable({ users }: { users: AdminUser[] }) {
  if (users.length === 0) return <Muted>{NO_DATA}</Muted>;
  return (
    <TableScroll>
      <Table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Tier</th>
            <th scope="col">Status</th>
            <th scope="col">Joined</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>{user.name}</td>
              <td>{user.email}</td>
              <td>{user.membershipTier}</td>
              <td>
                <Badge $tone={STATUS_TONE[user.membershipStatus] ?? 'gray'}>{user.membershipStatus}</Badge>
              </td>
              <td>{formatDate(user.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

function NewestUsers({ users }: { users: AdminUser[] | undefined }) {
  return (
    <Card>
      <CardTitle>Newest users</CardTitle>
      {users ? <UsersTable users={users} /> : <Skeleton $h={200} />}
    </Card>
  );
}

function TabPanel({ tab, data, users }: { tab: Tab; data: AdminAnalytics; users: AdminUser[] | undefined }) {
  const conversions = data.trialConversion.conversionsByDay.slice(-7).map((d) => ({ label: shortDay(d.date), value: d.conversions }));
  const totalConversions = conversions.reduce((sum, d) => sum + d.value, 0);
  switch (tab) {
    case 'Overview':
      return (
        <Stack $gap={4}>
          <Card>
            <CardTitle>Conversions, last 7 days</CardTitle>
            <BarChart title="Trial conversions by day" data={conversions} summary={`${formatCount(totalConversions)} conversions in the last 7 days`} />
          </Card>
          <NewestUsers users={users} />
        </Stack>
      );
    case 'Revenue':
      return (
        <Two>
          <Card>
            <CardTitle>Revenue by plan</CardTitle>
            <BarChart
              title="Monthly recurring revenue by plan"
              data={data.revenue.revenueByPlan.map((r) => ({ label: r.plan, value: r.revenue }))}
              format={(v) => formatMoney(v)}
              summary={data.revenue.revenueByPlan.map((r) => `${r.plan}: ${formatCount(r.subscribers)} subscribers, ${formatMoney(r.revenue)}`).join('; ')}
            />
          </Card>
          <Card>
            <CardTitle>Revenue growth</CardTitle>
            <LineChart
              title="Revenue by month"
              data={data.revenue.revenueGrowth.map((r) => ({ label: r.month, value: r.revenue }))}
              format={(v) => formatMoney(v)}
              summary={data.revenue.revenueGrowth.map((r) => `${r.month}: ${formatMoney(r.revenue)} (${percent(r.growth)})`).join('; ')}
            />
          </Card>
        </Two>
      );
    case 'Users':
      return (
        <Stack $gap={4}>
          <Card>
            <CardTitle>Users by kind</CardTitle>
            <BarChart
              title="Users by kind"
              data={[
                { label: 'Active', value: data.health.activeUsers },
                { label: 'New', value: data.health.newSignups },
                { label: 'Trial', value: data.health.trialUsers },
                { label: 'Paid', value: data.health.paidUsers },
              ]}
              summary={`${formatCount(data.health.paidUsers)} paid and ${formatCount(data.health.trialUsers)} trial users; ${formatCount(data.health.newSignups)} new sign-ups in the range`}
            />
          </Card>
          <NewestUsers users={users} />
        </Stack>
      );
    case 'Usage':
      return (
        <Two>
          <Card>
            <CardTitle>Usage by plan</CardTitle>
            <TableScroll>
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Plan</th>
                    <th scope="col">Active users</th>
                    <th scope="col">Searches / user</th>
                    <th scope="col">Views / user</th>
                    <th scope="col">Items / user</th>
                  </tr>
                </thead>
                <tbody>
                  {data.usage.byPlan.map((row) => (
                    <tr key={row.plan}>
                      <td>{row.plan}</td>
                      <td className="num">{formatCount(row.activeUsers)}</td>
                      <td className="num">{Number(row.avgSearchesPerUser.toFixed(1))}</td>
                      <td className="num">{Number(row.avgProductViewsPerUser.toFixed(1))}</td>
                      <td className="num">{Number(row.avgCollectionItems.toFixed(1))}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          </Card>
          <Card>
            <CardTitle>Top features</CardTitle>
            <HorizontalBarChart
              title="Top features by use"
              data={data.usage.topFeatures.map((f) => ({ label: f.feature, value: f.usageCount }))}
              summary={data.usage.topFeatures.map((f) => `${f.feature}: ${formatCount(f.usageCount)} uses by ${formatCount(f.uniqueUsers)} users`).join('; ') || NO_DATA}
            />
          </Card>
        </Two>
      );
    default:
      return (
        <Stack $gap={4}>
          <Two>
            <Card>
              <CardTitle>System uptime</CardTitle>
              <strong style={{ fontSize: 32 }}>{percent(data.health.systemUptime)}</strong>
            </Card>
            <Card>
              <CardTitle>Error rate</CardTitle>
              <strong style={{ fontSize: 32 }}>{percent(data.health.errorRate)}</strong>
            </Card>
          </Two>
          <SystemFlowCard />
        </Stack>
      );
  }
}

/** The admin analytics dashboard (spec 3 §2.7). */
export default function AdminPanelPage() {
  const [range, setRange] = useState<AdminRange>(30);
  const [tab, setTab] = useState<Tab>('Overview');
  const analytics = useQuery(adminQueries.analytics(range));
  const users = useQuery(adminQueries.newestUsers());
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminQueries.all });
  const data = analytics.data;

  return (
    <div>
      <PageHeader>
        <div>
          <h1>Admin Dashboard</h1>
          <p>Revenue, conversions, usage and system health.</p>
        </div>
        <Controls>
          <Select aria-label="Range" value={range} onChange={(e) => setRange(Number(e.target.value) as AdminRange)} style={{ width: 'auto' }}>
            {ADMIN_RANGES.map((days) => (
              <option key={days} value={days}>
                Last {days} days
              </option>
            ))}
          </Select>
          <Button type="button" $variant="secondary" onClick={refresh} disabled={analytics.isFetching}>
            Refresh
          </Button>
        </Controls>
      </PageHeader>
      {analytics.isPending && (
        <Kpis aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} $h={96} />
          ))}
        </Kpis>
      )}
      {analytics.isError && <ErrorState message={FETCH_FAILED} onRetry={refresh} />}
      {analytics.isSuccess && !data && <EmptyState title={NO_DATA} />}
      {data && (
        <>
          <Kpis>
            <Kpi>
              <Muted>Monthly Recurring Revenue</Muted>
              <strong>{formatMoney(data.revenue.monthlyRecurringRevenue)}</strong>
              <Muted>ARPU {formatMoney(data.revenue.averageRevenuePerUser)}</Muted>
            </Kpi>
            <Kpi>
              <Muted>Active Users</Muted>
              <strong>{formatCount(data.health.activeUsers)}</strong>
              <Muted>{formatCount(data.health.newSignups)} new sign-ups</Muted>
            </Kpi>
            <Kpi>
              <Muted>Trial Conversion</Muted>
              <strong>{percent(data.trialConversion.conversionRate)}</strong>
              <Muted>
                {formatCount(data.trialConversion.convertedUsers)} of {formatCount(data.trialConversion.totalTrialUsers)} trials
              </Muted>
            </Kpi>
            <Kpi>
              <Muted>Churn Rate</Muted>
              <strong>{percent(data.churn.churnRate)}</strong>
              <Muted>{formatCount(data.churn.churnedSubscriptions)} cancelled</Muted>
            </Kpi>
          </Kpis>
          <TabList role="tablist" aria-label="Analytics">
            {TABS.map((name) => (
              <button key={name} type="button" role="tab" id={`tab-${name}`} aria-selected={tab === name} aria-controls="admin-tabpanel" onClick={() => setTab(name)}>
                {name}
              </button>
            ))}
          </TabList>
          <div role="tabpanel" id="admin-tabpanel" aria-labelledby={`tab-${tab}`}>
            <TabPanel tab={tab} data={data} users={users.data} />
          </div>
        </>
      )}
      <MarketSourcesCard />
    </div>
  );
}
