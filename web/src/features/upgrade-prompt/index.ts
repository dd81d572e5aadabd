export { UpgradePrompt, type PromptUsage, type UpgradePromptProps } from './UpgradePrompt.tsx';
export { UpgradePromptProvider, useUpgradePrompt } from './UpgradePromptProvider.tsx';
export { triggerOf, triggerOfError, showsUrgency, MONEY_BACK_LINE, type UpgradeTrigger, type Urgency } from './triggers.ts';
