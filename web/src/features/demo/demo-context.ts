import { createContext, useContext } from 'react';
import type { DemoData } from '@kicksight/contracts';

/** The sample data the demo area's screens show, once the BFF has given it for the ticket. */
export const DemoDataContext = createContext<DemoData | null>(null);

export function useDemoData(): DemoData {
  const data = useContext(DemoDataContext);
  if (!data) throw new Error('useDemoData outside the demo area');
  return data;
}
