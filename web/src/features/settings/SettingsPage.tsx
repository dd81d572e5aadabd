import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { useSession } from '../../session/index.ts';
import { ErrorState, PageHeader, Skeleton } from '../../ui/index.ts';
import { recordsSales } from '../collection/index.ts';
import { LedgerSettingsCard } from '../sales/index.ts';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { DeleteAccountCard, DisplayCard, EmailNotificationsCard, SubscriptionCard } from './AccountCards.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SecurityCard } from './SecurityCard.tsx';
import { PROFILE_LOAD_FAILED, settingsQueries } from './api.ts';

const Grid = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  align-items: start;
`;

/** Settings (spec 3 §2.3): profile, security, email, subscription, API keys, selling (paid plans), display, account deletion. */
export default function SettingsPage() {
  const { tier } = useSession();
  const profile = useQuery(settingsQueries.profile());
  const apiAccess = tier === 'unlimited' || tier === 'admin';
  return (
    <div>
      <PageHeader>
        <div>
          <h1>Settings</h1>
          <p>Your profile, security and preferences.</p>
        </div>
      </PageHeader>
      {profile.isError && <ErrorState message={PROFILE_LOAD_FAILED} onRetry={() => void profile.refetch()} />}
      <Grid>
        {profile.isPending && <Skeleton $h={260} />}
        {profile.data && <ProfileCard key={`${profile.data.name}\n${profile.data.email}`} profile={profile.data} />}
        {profile.data && <SecurityCard hasPassword={profile.data.hasPassword} />}
        {profile.data && <EmailNotificationsCard enabled={profile.data.emailNotifications} />}
        <SubscriptionCard />
        {apiAccess && <ApiKeysCard />}
        {recordsSales(tier) && <LedgerSettingsCard />}
        <DisplayCard />
        {profile.data && <DeleteAccountCard hasPassword={profile.data.hasPassword} />}
      </Grid>
    </div>
  );
}
