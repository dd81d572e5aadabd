import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../../session/index.ts';
import { UpgradePrompt, type PromptUsage } from './UpgradePrompt.tsx';
import type { PaidFeature } from './prompt-copy.ts';
import type { UpgradeTrigger, Urgency } from './triggers.ts';

interface OpenArgs {
  trigger: UpgradeTrigger;
  feature?: PaidFeature;
  usage?: PromptUsage | null;
  urgency?: Urgency | null;
}

const Context = createContext<{ open(args: OpenArgs): void } | null>(null);

/** One upgrade prompt for the signed-in area, opened from anywhere below, offering the plans above the member's. */
export function UpgradePromptProvider({ children }: { children: ReactNode }) {
  const { tier } = useSession();
  const [current, setCurrent] = useState<OpenArgs | null>(null);
  const open = useCallback((args: OpenArgs) => setCurrent(args), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <Context.Provider value={value}>
      {children}
      {current && <UpgradePrompt open trigger={current.trigger} tier={tier} feature={current.feature} usage={current.usage} urgency={current.urgency} onClose={() => setCurrent(null)} />}
    </Context.Provider>
  );
}

export function useUpgradePrompt() {
  const value = useContext(Context);
  if (!value) throw new Error('useUpgradePrompt needs an UpgradePromptProvider');
  return value;
}
