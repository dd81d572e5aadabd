import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError } from '../../api/client.ts';
import { searchQueries } from './api.ts';
import { refreshUsageSoon, membershipQueries } from '../membership/index.ts';
import { triggerOfError, useUpgradePrompt } from '../upgrade-prompt/index.ts';
import { Badge, Button, Card, EmptyState, ErrorState, Input, Muted, PageHeader, Select, Skeleton, Toolbar } from '../../ui/index.ts';
import { ResultCard } from './ResultCard.tsx';
import { CAPPED_NARROW, CAPPED_UPGRADE, NO_SEARCH, SEARCH_BRANDS, SEARCH_SORTS, TOO_SHORT, canSearch, resultsCount, searchOfUrl, urlOfSearch, type SearchSort, type SubmittedSearch } from './search-state.ts';

const Form = styled(Toolbar).attrs({ as: 'form' })`
  .query { flex: 1 1 280px; }
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin-bottom: 16px;
  button { border: none; background: none; cursor: pointer; color: inherit; padding: 0 0 0 4px; font-weight: 700; }
`;

const Results = styled.ul<{ $list: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: ${({ $list }) => ($list ? '1fr' : 'repeat(auto-fill, minmax(240px, 1fr))')};
`;

const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  margin-top: 24px;
`;

/** The count, and when the plan's cap held results back, what would show them. */
function ResultsCount({ total, available, canUpgrade }: { total: number; available: number; canUpgrade: boolean }) {
  const count = resultsCount({ total, available }, canUpgrade);
  return (
    <Muted role="status">
      {count.text}
      {count.capped === 'upgrade' && (
        <>
          {' — '}
          <Link to="/admin/upgrade">{CAPPED_UPGRADE}</Link>
        </>
      )}
      {count.capped === 'narrow' && ` — ${CAPPED_NARROW}`}
    </Muted>
  );
}

/** Search Sneakers: query, brand and sort, results with market labels, a page of 50 at a time up to the plan's cap, add to the collection. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const prompt = useUpgradePrompt();
  const usage = useQuery(membershipQueries.usage());
  /**
   * The search that runs is the URL's: Enter or the Search button, choosing a brand or an order (a search of its
   * own, as the spec and billing's usage key count it), a cleared chip and the browser's Back move it. Typing in the
   * query box costs nothing until it is submitted.
   */
  const submitted = searchOfUrl(params);
  const [form, setForm] = useState(submitted);
  const edit = (fields: Partial<SubmittedSearch>) => setForm((current) => ({ ...current, ...fields }));
  // The form follows the URL whenever the URL's search changes (React's 'adjust state when a prop changes' pattern).
  const [urlSearch, setUrlSearch] = useState(params.toString());
  if (urlSearch !== params.toString()) {
    setUrlSearch(params.toString());
    setForm(submitted);
  }
  const [list, setList] = useState(false);
  const [tooShort, setTooShort] = useState(false);

  const active = canSearch(submitted.q, submitted.brand);
  const search = useInfiniteQuery({
    ...searchQueries.results({ q: submitted.q.trim(), brands: submitted.brand ? [submitted.brand] : [], sortBy: submitted.sortBy }),
    enabled: active,
  });
  const results = search.data?.pages.flatMap((page) => page.sneakers) ?? [];
  const firstPage = search.data?.pages[0];
  const canUpgrade = (usage.data?.tier ?? 'trial') !== 'unlimited';

  useEffect(() => {
    if (search.dataUpdatedAt || search.errorUpdatedAt) refreshUsageSoon(queryClient);
  }, [search.dataUpdatedAt, search.errorUpdatedAt, queryClient]);

  const limitHit = search.error ? triggerOfError(search.error) : null;
  /** The search failed (a later page's failure keeps the results shown, with its own note). */
  const failed = search.isError && !search.isFetchNextPageError;
  const promptOnLimit = useEffectEvent(() => {
    if (limitHit)
      prompt.open({
        trigger: limitHit,
        usage: usage.data ? { used: usage.data.searchesUsed, limit: usage.data.searchesLimit, label: 'Searches' } : null,
      });
  });
  useEffect(() => {
    if (search.errorUpdatedAt) promptOnLimit(); // once per failed search
  }, [search.errorUpdatedAt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = form.q.trim();
    if (!canSearch(q, form.brand)) return setTooShort(true);
    setTooShort(false);
    setParams(urlOfSearch({ ...form, q }), { replace: false });
  };

  /** Choosing a brand or an order submits the form with it (the query as typed); a blank query and no brand only change the form. */
  const choose = (fields: Partial<SubmittedSearch>) => {
    const next = { ...form, ...fields, q: form.q.trim() };
    setForm(next);
    if (!canSearch(next.q, next.brand)) return;
    setTooShort(false);
    setParams(urlOfSearch(next), { replace: false });
  };

  /** Removing a chip changes the submitted search, which runs again without it. */
  const remove = (fields: Partial<SubmittedSearch>) => setParams(urlOfSearch({ ...submitted, ...fields }));

  const clearAll = () => {
    setForm(NO_SEARCH);
    setTooShort(false);
    setParams({});
  };

  return (
    <>
      <PageHeader>
        <div>
          <h1>Search Sneakers</h1>
          <p>Find and add sneakers to your collection</p>
        </div>
        <div role="group" aria-label="View" style={{ display: 'flex', gap: 4 }}>
          <Button type="button" $size="sm" $variant={list ? 'secondary' : 'primary'} aria-pressed={!list} onClick={() => setList(false)}>
            Grid
          </Button>
          <Button type="button" $size="sm" $variant={list ? 'primary' : 'secondary'} aria-pressed={list} onClick={() => setList(true)}>
            List
          </Button>
        </div>
      </PageHeader>

      <Form role="search" onSubmit={submit}>
        <label className="query">
          <span className="visually-hidden">Search query</span>
          <Input type="search" placeholder="Search by name, brand or SKU" value={form.q} onChange={(e) => edit({ q: e.target.value })} aria-label="Search query" />
        </label>
        <label>
          Brand
          <Select value={form.brand} onChange={(e) => choose({ brand: e.target.value })}>
            <option value="">All Brands</option>
            {SEARCH_BRANDS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </Select>
        </label>
        <label>
          Sort By
          <Select value={form.sortBy} onChange={(e) => choose({ sortBy: e.target.value as SearchSort })}>
            {SEARCH_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" disabled={form.q.trim() === ''}>
          Search
        </Button>
      </Form>

      {(submitted.q || submitted.brand) && (
        <Chips aria-label="Active filters">
          {submitted.q && (
            <Badge $tone="blue">
              “{submitted.q}”
              <button type="button" aria-label="Remove query" onClick={() => remove({ q: '' })}>
                ×
              </button>
            </Badge>
          )}
          {submitted.brand && (
            <Badge $tone="blue">
              {submitted.brand}
              <button type="button" aria-label="Remove brand" onClick={() => remove({ brand: '' })}>
                ×
              </button>
            </Badge>
          )}
          {firstPage && <ResultsCount total={firstPage.total} available={firstPage.available} canUpgrade={canUpgrade} />}
        </Chips>
      )}

      {tooShort && <Muted role="alert">{TOO_SHORT}</Muted>}
      {!active && !tooShort && <EmptyState title="Search the catalogue" text="Type a name, a model or a SKU, or pick a brand." />}
      {active && search.isPending && (
        <Results $list={list} aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <Card>
                <Skeleton $h={150} />
                <Skeleton $h={14} $w="70%" />
              </Card>
            </li>
          ))}
        </Results>
      )}
      {failed && !limitHit && (
        <ErrorState title="Search failed" message={search.error instanceof ApiError && search.error.status < 500 ? search.error.message : 'Failed to load search results. Please try again.'} onRetry={() => void search.refetch()} />
      )}
      {failed && limitHit && (
        <ErrorState
          title="Limit reached"
          message={search.error.message}
          action={
            <Button type="button" onClick={() => prompt.open({ trigger: limitHit })}>
              See upgrade options
            </Button>
          }
        />
      )}
      {search.data && results.length === 0 && (
        <EmptyState
          title="No sneakers found"
          text="Try another name or fewer filters."
          action={
            <Button type="button" $variant="secondary" onClick={clearAll}>
              Clear All Filters
            </Button>
          }
        />
      )}
      {firstPage && results.length > 0 && (
        <>
          <Results $list={list} aria-label="Search results">
            {results.map((sneaker) => (
              <li key={sneaker.id}>
                <ResultCard sneaker={sneaker} list={list} />
              </li>
            ))}
          </Results>
          {search.hasNextPage && (
            <More>
              <Muted>
                {results.length} of {firstPage.total} shown
              </Muted>
              <Button type="button" $variant="secondary" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
                {search.isFetchingNextPage ? 'Loading…' : 'Load more results'}
              </Button>
            </More>
          )}
          {search.isFetchNextPageError && <Muted role="alert">Failed to load search results. Please try again.</Muted>}
        </>
      )}
    </>
  );
}
