import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { light } from '../../theme/themes.ts';
import { AppErrorBoundary } from './index.tsx';

afterEach(cleanup);

describe('global error boundary', () => {
  it('shows the recovery screen with details on request, and Try Again renders the children again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Page() {
      if (broken) throw new Error('chart exploded');
      return <p>Back again</p>;
    }
    render(
      <ThemeProvider theme={light}>
        <AppErrorBoundary>
          <Page />
        </AppErrorBoundary>
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(screen.queryByText(/chart exploded/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Details' }));
    expect(screen.getByText(/Error: chart exploded/)).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Back again')).toBeTruthy();
  });
});
