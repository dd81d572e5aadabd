import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useDeferredQuery } from '../../api/deferred-query.ts';
import styled from 'styled-components';
import { COLLECTION_BRANDS, COLLECTION_SORTS, MARKET_VALUATION, collectionQueries, type CollectionBrand, type CollectionItem, type CollectionSort, type Valuation } from './api.ts';
import { refreshUsageSoon, membershipQueries } from '../membership/index.ts';
import { BelowTheFold, Button, EmptyState, ErrorState, PageHeader, Pager, Select, Stack, Toolbar } from '../../ui/index.ts';
import { AddItemModal } from './AddItemModal.tsx';
import { CollectionTransfer } from './CollectionTransfer.tsx';
import { EditItemModal } from './EditItemModal.tsx';
import { ItemGrid, ItemList, ItemSkeletons } from './ItemViews.tsx';
import { PortfolioHistory } from './PortfolioHistory.tsx';
import { RelatedCarousel } from './RelatedCarousel.tsx';
import { RemoveItemDialog } from './RemoveItemDialog.tsx';
import { SummaryCards } from './SummaryCards.tsx';
import { useCollectionLimitPrompt } from './useCollectionLimitPrompt.ts';
import { ValuationToggle } from './ValuationToggle.tsx';
import { useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { useSession } from '../../session/index.ts';
import { recordsSales } from './ledger-access.ts';
import { cssVar } from '../../theme/cssVars.ts';

// The market section loads after the collection, in its own chunk.
const MarketInsights = lazy(() => import('./Dashboard.tsx').then((m) => ({ default: m.MarketInsights })));
// The Sell dialog (fee schedules and the sale's schema) loads when a pair is first sold.
const SellDialog = lazy(() => import('../sales/index.ts').then((m) => ({ default: m.SellDialog })));

const SORT_LABELS: Record<CollectionSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  'value-high': 'Value: High to Low',
  'value-low': 'Value: Low to High',
  'gain-high': 'Gain: High to Low',
  'gain-low': 'Gain: Low to High',
};

const BRAND_LABELS: Record<CollectionBrand, string> = { all: 'All Brands', nike: 'Nike', adidas: 'Adidas', jordan: 'Jordan', newbalance: 'New Balance', puma: 'Puma' };


const Toggle = styled.div`
  display: inline-flex;
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.control};
  overflow: hidden;
  button { border: none; border-radius: 0; }
`;

/** My Collection: values and gain or loss at market prices or net of a platform's fees, with add, edit, sell and remove. */
export default function CollectionPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const openLimitPrompt = useCollectionLimitPrompt();
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [sortBy, setSortBy] = useState<CollectionSort>('newest');
  const [brand, setBrand] = useState<CollectionBrand>('all');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CollectionItem | null>(null);
  const [removing, setRemoving] = useState<CollectionItem | null>(null);
  const [selling, setSelling] = useState<CollectionItem | null>(null);
  const [valuation, setValuation] = useState<Valuation>(MARKET_VALUATION);
  const prompt = useUpgradePrompt();
  const { tier } = useSession();

  // A page of cards is drawn in a render React can pause (see useDeferredQuery).
  const collection = useDeferredQuery({ ...collectionQueries.items({ page, sortBy, brand, valuation }), placeholderData: keepPreviousData });
  const usage = useQuery(membershipQueries.usage());
  const canAdd = usage.data?.canAddToCollection ?? true;

  useEffect(() => {
    if (collection.dataUpdatedAt) refreshUsageSoon(queryClient);
  }, [collection.dataUpdatedAt, queryClient]);

  // Net values are a paid feature: a trial sees the upgrade prompt instead.
  const changeValuation = (next: Valuation) => {
    if (next.kind === 'net' && !recordsSales(tier)) return prompt.open({ trigger: 'premium_feature', feature: 'ledger' });
    setValuation(next);
    setPage(1);
  };

  // Recording a sale is a paid feature too: a trial sees the upgrade prompt before any form.
  const openSell = useCallback((item: CollectionItem) => (recordsSales(tier) ? setSelling(item) : prompt.open({ trigger: 'premium_feature', feature: 'ledger' })), [tier, prompt]);

  const openAdd = () => (canAdd ? setAdding(true) : void openLimitPrompt());

  const data = collection.data;
  const filtered = brand !== 'all';
  return (
    <>
      <PageHeader>
        <div>
          <h1>My Collection</h1>
          <p>Manage and track your sneaker collection</p>
        </div>
        <Stack $row $gap={2} $wrap>
          <Toggle role="group" aria-label="View">
            <Button type="button" $variant={view === 'grid' ? 'primary' : 'secondary'} aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
              Grid
            </Button>
            <Button type="button" $variant={view === 'list' ? 'primary' : 'secondary'} aria-pressed={view === 'list'} onClick={() => setView('list')}>
              List
            </Button>
          </Toggle>
          <Button type="button" $variant="secondary" onClick={() => navigate('/admin/search')}>
            Search Sneakers
          </Button>
          <CollectionTransfer />
          <Button type="button" onClick={openAdd}>
            {canAdd ? 'Add Item' : 'Upgrade to Add'}
          </Button>
        </Stack>
      </PageHeader>

      <Toolbar>
        <ValuationToggle valuation={valuation} onChange={changeValuation} />
      </Toolbar>

      <SummaryCards stats={data?.stats} />

      {data && data.stats.totalItems > 0 && <PortfolioHistory />}

      <Toolbar>
        <label>
          Sort By
          <Select value={sortBy} onChange={(e) => (setSortBy(e.target.value as CollectionSort), setPage(1))}>
            {COLLECTION_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </label>
        <label>
          Brand
          <Select value={brand} onChange={(e) => (setBrand(e.target.value as CollectionBrand), setPage(1))}>
            {COLLECTION_BRANDS.map((key) => (
              <option key={key} value={key}>
                {BRAND_LABELS[key]}
              </option>
            ))}
          </Select>
        </label>
      </Toolbar>

      {collection.isPending && <ItemSkeletons />}
      {collection.isError && !data && (
        <ErrorState title="Error loading collection" message="Failed to load your collection. Please try again." onRetry={() => void collection.refetch()} />
      )}
      {data && data.items.length === 0 && !filtered && (
        <EmptyState
          title="Your collection is empty"
          text="Find a pair in the catalogue and track what it is worth."
          action={
            <Button type="button" onClick={() => navigate('/search')}>
              Add Your First Sneaker
            </Button>
          }
        />
      )}
      {data && data.items.length === 0 && filtered && <EmptyState title="No pairs of this brand" text="Choose another brand to see the rest of your collection." />}
      {data && data.items.length > 0 && (
        <>
          {view === 'grid' ? <ItemGrid items={data.items} onEdit={setEditing} onRemove={setRemoving} onSell={openSell} /> : <ItemList items={data.items} onEdit={setEditing} onRemove={setRemoving} onSell={openSell} />}
          <Pager page={data.page} totalPages={data.totalPages} hasPreviousPage={data.hasPreviousPage} hasNextPage={data.hasNextPage} onPage={setPage} />
        </>
      )}

      <BelowTheFold>
        <RelatedCarousel />
        <Suspense fallback={null}>
          <MarketInsights />
        </Suspense>
      </BelowTheFold>

      <AddItemModal open={adding} onClose={() => setAdding(false)} />
      {editing && <EditItemModal item={editing} onClose={() => setEditing(null)} />}
      {removing && <RemoveItemDialog item={removing} onClose={() => setRemoving(null)} />}
      {selling && (
        <Suspense fallback={null}>
          <SellDialog item={selling} onClose={() => setSelling(null)} />
        </Suspense>
      )}
    </>
  );
}
