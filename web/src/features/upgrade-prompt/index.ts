
export { UpgradePromptProvider, useUpgradePrompt } from './UpgradePromptProvider.tsx';
export { triggerOfError } from './triggers.ts';
export { UrgencyBadge } from './UrgencyBadge.tsx';
