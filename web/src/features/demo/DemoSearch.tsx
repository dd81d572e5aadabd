import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, Input, Loading, Muted, Select, Stack } from '../../ui/index.ts';
import { DEMO_BRANDS, DEMO_PRICE_RANGES, DEMO_SEARCH_SORTS } from './demo-data.ts';
import { useDemoData } from './demo-context.ts';
import { SEARCH_DELAY_MS, searchProducts, suggestionsFor, type SearchSort } from './demo-search.ts';
import { DemoImage, Grid } from './DemoParts.tsx';
import { cssVar } from '../../theme/cssVars.ts';

const Suggestions = styled.ul`
  list-style: none;
  margin: 4px 0 0;
  padding: 4px;
  border: 1px solid ${cssVar.colors.border};
  border-radius: ${cssVar.radius.control};
  background: ${cssVar.colors.surfaceRaised};
  button { width: 100%; text-align: left; background: none; border: 0; padding: 6px 8px; color: inherit; cursor: pointer; border-radius: 6px; }
  button:hover, button:focus-visible { background: ${cssVar.colors.surface}; }
`;

/** Demo search: a text box with up to 5 suggestions, brand, price and sort filters, and Clear Filters. */
export function DemoSearch({ professional = false }: { professional?: boolean }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [brand, setBrand] = useState('All');
  const [priceRange, setPriceRange] = useState('all');
  const [sort, setSort] = useState<SearchSort>('relevance');
  const [searching, setSearching] = useState(false);
  const [showSuggestions, setShowSuggestions] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { products } = useDemoData();

  const suggestions = showSuggestions ? suggestionsFor(products, text) : [];
  const results = useMemo(() => searchProducts(products, { text: query, brand, priceRange, sort }), [products, query, brand, priceRange, sort]);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setShowSuggestions(false);
    setSearching(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setQuery(text);
      setSearching(false);
    }, SEARCH_DELAY_MS);
  };
  const clear = () => {
    setBrand('All');
    setPriceRange('all');
    setSort('relevance');
    setText('');
    setQuery('');
  };
  const productPath = (id: string) => (professional ? `/demo/professional-product/${id}` : `/demo/product?id=${id}`);

  return (
    <Stack $gap={4}>
      <form role="search" onSubmit={submit}>
        <Stack $row $gap={2}>
          <div style={{ flex: 1 }}>
            <Input
              type="search"
              aria-label="Search sample sneakers"
              placeholder="Search sneakers..."
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setShowSuggestions(true);
              }}
            />
            {suggestions.length > 0 && (
              <Suggestions aria-label="Suggestions">
                {suggestions.map((name) => (
                  <li key={name}>
                    <button
                      type="button"
                      onClick={() => {
                        setText(name);
                        setShowSuggestions(false);
                      }}
                    >
                      {name}
                    </button>
                  </li>
                ))}
              </Suggestions>
            )}
          </div>
          <Button type="submit">Search</Button>
        </Stack>
      </form>
      <Stack $row $wrap $gap={2} $align="center">
        <Select aria-label="Brand" value={brand} onChange={(e) => setBrand(e.target.value)} style={{ width: 'auto' }}>
          {DEMO_BRANDS.map((b) => (
            <option key={b} value={b}>
              {b === 'All' ? 'All brands' : b}
            </option>
          ))}
        </Select>
        <Select aria-label="Price range" value={priceRange} onChange={(e) => setPriceRange(e.target.value)} style={{ width: 'auto' }}>
          {DEMO_PRICE_RANGES.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </Select>
        <Select aria-label="Sort" value={sort} onChange={(e) => setSort(e.target.value as SearchSort)} style={{ width: 'auto' }}>
          {DEMO_SEARCH_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </Select>
        <Button type="button" $variant="ghost" onClick={clear}>
          Clear Filters
        </Button>
      </Stack>
      {searching ? (
        <Loading message="Searching..." />
      ) : results.length === 0 ? (
        <Muted>No sample sneakers match these filters.</Muted>
      ) : (
        <Grid>
          {results.map((p) => (
            <Card key={p.id} as="article" aria-label={p.name}>
              <Stack $gap={2}>
                <DemoImage brand={p.brand} />
                <Muted>{p.brand}</Muted>
                <Link to={productPath(p.id)} style={{ color: 'inherit', fontWeight: 600 }}>
                  {p.name}
                </Link>
                <strong style={{ fontVariantNumeric: 'tabular-nums' }}>{p.priceFormatted}</strong>
              </Stack>
            </Card>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
