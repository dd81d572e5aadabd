import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/Button.tsx';
import { cssVar } from '../../theme/cssVars.ts';

const ERROR_TITLE = 'Something went wrong!';

const Screen = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 24px;
  background: ${cssVar.colors.background};
  color: ${cssVar.colors.text};
`;
const Box = styled.div`
  max-width: 560px;
  width: 100%;
  display: grid;
  gap: 16px;
  text-align: center;
  padding: 32px 24px;
  border-radius: ${cssVar.radius.card};
  border: 1px solid ${cssVar.colors.border};
  background: ${cssVar.colors.surface};
  h1 { font-size: 24px; margin: 0; }
  p { margin: 0; color: ${cssVar.colors.textMuted}; }
  pre { text-align: left; white-space: pre-wrap; overflow: auto; max-height: 240px; font-size: 12px; padding: 12px; border-radius: 8px; background: ${cssVar.colors.background}; }
`;
const Buttons = styled.div`
  display: flex;
  gap: 8px;
  justify-content: center;
  flex-wrap: wrap;
`;

/** The recovery screen: Try Again, Reload Page, and the details on request (spec 3 §2.13). */
function ErrorScreen({ error, onRetry }: { error: Error; onRetry(): void }) {
  const [details, setDetails] = useState(false);
  return (
    <Screen>
      <Box role="alert">
        <h1>{ERROR_TITLE}</h1>
        <p>An unexpected error stopped this page. Try again, or reload the page.</p>
        <Buttons>
          <Button type="button" onClick={onRetry}>
            Try Again
          </Button>
          <Button type="button" $variant="secondary" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
          <Button type="button" $variant="ghost" aria-expanded={details} onClick={() => setDetails((d) => !d)}>
            {details ? 'Hide Details' : 'Show Details'}
          </Button>
        </Buttons>
        {details && <pre>{`${error.name}: ${error.message}${error.stack ? `\n\n${error.stack}` : ''}`}</pre>}
      </Box>
    </Screen>
  );
}

interface Props {
  children?: ReactNode;
}
interface State {
  error: Error | null;
}

class Boundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The browser console is where an unexpected render error is reported.
    // eslint-disable-next-line no-console
    console.error('render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/** Catches render errors anywhere below it and shows a recovery screen. */
export function AppErrorBoundary({ children }: Props) {
  return <Boundary>{children}</Boundary>;
}
