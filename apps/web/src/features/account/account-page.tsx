import { Container, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { BillingTab } from './billing-tab';
import { ImportingTab } from './importing-tab';
import { SettingsTab } from './settings-tab';
import { TagsTab } from './tags-tab';

/** The seeds number the tabs 1, 2, 3 and 5 and keep the number in the query. */
const TABS = [
  { value: '1', label: 'Settings' },
  { value: '2', label: 'Billing' },
  { value: '3', label: 'Importing' },
  { value: '5', label: 'Manage Tags' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

export function AccountPage() {
  usePageTitle('My Account');
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabValue = TABS.find((t) => t.value === asked)?.value ?? '1';

  const choose = (value: string | null) => {
    const next = new URLSearchParams(params);
    next.set('tab', value ?? '1');
    setParams(next, { replace: true });
  };

  if (!user) return null;
  return (
    <Container size="md" py="lg">
      <Title order={1} size="h2" mb="md">
        My Account
      </Title>
      {/* Narrower tab padding keeps the four tabs on one line on a phone. */}
      <Tabs value={tab} onChange={choose} keepMounted={false} styles={{ tab: { paddingInline: 10 } }}>
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="1">
          <SettingsTab user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="2">
          <BillingTab />
        </Tabs.Panel>
        <Tabs.Panel value="3">
          <ImportingTab premium={user.premiumMember} />
        </Tabs.Panel>
        <Tabs.Panel value="5">
          <TagsTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
