import { useLayoutEffect } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BelowTheFold } from './BelowTheFold.tsx';

afterEach(cleanup);

describe('what lies below the first screen', () => {
  it('is left out of the first render and brought in just after', async () => {
    let firstCommit: string | null = null;
    function AboveTheFold() {
      useLayoutEffect(() => {
        firstCommit = document.body.textContent;
      }, []);
      return <p>above</p>;
    }
    render(
      <>
        <AboveTheFold />
        <BelowTheFold>
          <p>below</p>
        </BelowTheFold>
      </>,
    );
    expect(firstCommit).toBe('above');
    expect(await screen.findByText('below')).toBeTruthy();
  });
});
