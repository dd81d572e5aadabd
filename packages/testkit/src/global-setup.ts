import type { TestProject } from 'vitest/node';
import { resolveStack, type StackUrls } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackUrls;
  }
}

/** Once per integration run: find (or start) the real servers and hand their URLs to every test file. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { urls, stop } = await resolveStack();
  project.provide('stack', urls);
  return stop;
}
