import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './app/App.tsx';

// The forms' schemas (loaded with their pages) validate without compiling code: the page's policy allows no
// eval, and zod's probe for it would be reported as a violation.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// The first render is a transition: React draws the frame and the page in slices it can pause between, rather than
// in one task that holds the main thread for as long as the whole tree takes.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
