import { useEffect, useEffectEvent, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { sneakerQueries, type SneakerDetail } from './api.ts';
import { isTrialMembership, membershipQueries, refreshUsageSoon } from '../membership/index.ts';
import { MarketStatusBadge, SizeSelect, SneakerImage } from '../market/index.ts';
import { useAddToCollection } from '../collection/index.ts';
import { triggerOfError, useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { Badge, BelowTheFold, Button, Card, ErrorState, Loading, Muted, Skeleton, Stack, formatDate, formatMoney, todayIso } from '../../ui/index.ts';
import { ForecastPanel } from './ForecastPanel.tsx';
import { RecentSalesTable } from './RecentSalesTable.tsx';
import { SalesHistoryPanel } from './SalesHistoryPanel.tsx';
import { SizeFigures, SizeTable } from './SizeSection.tsx';
import { LiveMarketCard } from './LiveMarketCard.tsx';
import { WatchActions } from './WatchActions.tsx';
import { takeFromCollectionFlag } from '../collection/index.ts';
import { addPayloadOf, cameFromCollection, premiumPanelsLocked, watchedPriceOf } from './detail-logic.ts';
import { useSession } from '../../session/index.ts';
import { cssVar, breakpoints } from '../../theme/cssVars.ts';
import { useDeferredQuery } from '../../api/deferred-query.ts';

const Top = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: 1fr;
  @media (min-width: ${breakpoints.lg}) { grid-template-columns: minmax(280px, 420px) 1fr; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 10px 16px;
  margin: 0;
  dt { font-size: 12px; color: ${cssVar.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; }
`;

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: 24px;
  margin-top: 24px;
`;

function Header({ sneaker, size, setSize, locked }: { sneaker: SneakerDetail; size: number | null; setSize(size: number | null): void; locked: boolean }) {
  const { add, canAdd, pending, openLimitPrompt } = useAddToCollection();
  const sizes = [...sneaker.variants].map((v) => v.size).sort((a, b) => a - b);
  const facts: [string, string][] = [
    ['Brand', sneaker.brand.name || '—'],
    ['Colorway', sneaker.colorway || '—'],
    ['SKU', sneaker.modelCode ?? sneaker.sku ?? '—'],
    ['Release Date', formatDate(sneaker.releaseDate)],
    ['Category', sneaker.category || 'Sneakers'],
    ['Gender', sneaker.gender || 'Unisex'],
    ['Retail Price', formatMoney(sneaker.retailPrice)],
  ];
  return (
    <Top>
      <Card $padding={3}>
        <SneakerImage src={sneaker.imageUrl} name={sneaker.name} brand={sneaker.brand.name} eager sizes="(max-width: 768px) 100vw, 480px" />
      </Card>
      <Stack $gap={4}>
        <div>
          <Muted>{sneaker.brand.name}</Muted>
          <h1 style={{ fontSize: 28, marginTop: 4 }}>{sneaker.name}</h1>
          <Stack $row $gap={2} $wrap style={{ marginTop: 8 }}>
            <MarketStatusBadge status={sneaker.marketStatus} />
            {sneaker.trending && <Badge $tone="red">Trending</Badge>}
            {locked && <Badge>Trial</Badge>}
          </Stack>
        </div>
        <Facts>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Facts>
        <Stack $row $gap={3} $wrap $align="flex-end">
          <label style={{ display: 'flex', flexDirection: 'column', gap: 4, fontSize: 13, fontWeight: 600 }}>
            Size
            <SizeSelect sizes={sizes} value={size} onChange={setSize} label="Size" overview />
          </label>
          <Button
            type="button"
            $size="lg"
            aria-disabled={!canAdd}
            disabled={pending}
            style={canAdd ? undefined : { opacity: 0.6 }}
            onClick={() => (canAdd ? add(addPayloadOf(sneaker, size, todayIso())) : openLimitPrompt())}
          >
            {canAdd ? 'Add to Collection' : 'Upgrade to Add'}
          </Button>
        </Stack>
        <WatchActions sneakerId={sneaker.id} size={size} watchedPrice={watchedPriceOf(sneaker, size)} />
      </Stack>
    </Top>
  );
}

/** The sneaker detail page (spec 3 §2.2). */
export default function SneakerPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const prompt = useUpgradePrompt();
  const [size, setSize] = useState<number | null>(null);
  const sneaker = useDeferredQuery(sneakerQueries.detail(id));
  const membership = useQuery({ ...membershipQueries.status(), retry: 1 });
  const { isAdmin } = useSession();
  const locked = premiumPanelsLocked(isTrialMembership(membership.data), isAdmin);
  // The plan's panels ask for their data only once the plan is known: a trial member's page never asks for what it would be refused.
  const planKnown = isAdmin || !membership.isPending;

  const [fromCollection] = useState(() => cameFromCollection(location.state, document.referrer, takeFromCollectionFlag()));

  useEffect(() => {
    if (sneaker.dataUpdatedAt || sneaker.errorUpdatedAt) refreshUsageSoon(queryClient);
  }, [sneaker.dataUpdatedAt, sneaker.errorUpdatedAt, queryClient]);

  const promptOnLimit = useEffectEvent(() => {
    const trigger = sneaker.error ? triggerOfError(sneaker.error) : null;
    if (trigger) prompt.open({ trigger });
  });
  useEffect(() => {
    if (sneaker.errorUpdatedAt) promptOnLimit(); // once per failed load
  }, [sneaker.errorUpdatedAt]);

  const back = () => {
    if (fromCollection) navigate('/admin/collection');
    else if (location.key === 'default') navigate('/admin/search');
    else navigate(-1);
  };
  const backButton = (
    <Button type="button" $variant="ghost" onClick={back}>
      ← {fromCollection ? 'Back to Collection' : 'Back to Search'}
    </Button>
  );

  if (sneaker.isPending) return <Loading message="Loading sneaker details..." />;
  if (sneaker.isError)
    return (
      <ErrorState
        title="Error!"
        message={sneaker.error.message || 'Sneaker not found'}
        action={
          <Button type="button" $variant="secondary" onClick={() => navigate(-1)}>
            Go Back
          </Button>
        }
      />
    );

  const data = sneaker.data;
  const basePrice = data.stats.averagePrice ?? data.currentPrice ?? data.retailPrice ?? 20_000;
  return (
    <>
      <div style={{ marginBottom: 12 }}>{backButton}</div>
      <Header sneaker={data} size={size} setSize={setSize} locked={locked} />
      {/* On a phone the header fills the first screen: the sections below it render just after. */}
      <BelowTheFold>
        <Sections>
          <SizeFigures sneaker={data} size={size} />
          <SizeTable sneaker={data} onPick={setSize} />
          <LiveMarketCard sneakerId={data.id} />
          {planKnown ? (
            <>
              <SalesHistoryPanel sneakerId={data.id} locked={locked} basePrice={basePrice} />
              <RecentSalesTable sneakerId={data.id} locked={locked} basePrice={basePrice} />
              <ForecastPanel sneakerId={data.id} size={size} locked={locked} basePrice={basePrice} />
            </>
          ) : (
            <Skeleton $h={320} aria-busy="true" />
          )}
        </Sections>
      </BelowTheFold>
    </>
  );
}
