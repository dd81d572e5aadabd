import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';

/**
 * A page an OAuth provider sends the browser back to: its code and state go to `complete` once (a state is
 * good for one use). Answers why the link failed (the provider's refusal, no code, or the API's refusal),
 * and whether it is done.
 */
export function useOAuthCallback<T>({ complete, onSuccess }: { complete: (code: string, state: string) => Promise<T>; onSuccess: (answer: T) => void }) {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const refused = params.get('error_description') ?? params.get('error');
  const mutation = useMutation({ mutationFn: () => complete(code, state), onSuccess });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !code || !state) return;
    sent.current = true;
    mutation.mutate();
  }, [code, state, mutation]);
  const failure = refused ?? (!code || !state ? 'StockX sent no code back.' : mutation.isError ? mutation.error.message : null);
  return { failure, done: mutation.isSuccess };
}
