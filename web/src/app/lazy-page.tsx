import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from '../ui/index.ts';

/** A page loaded on demand, with 'Loading {name}...' while its code arrives. */
export function lazyPage(name: string, load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<Loading message={`Loading ${name}...`} />}>
        <Page />
      </Suspense>
    );
  };
}
