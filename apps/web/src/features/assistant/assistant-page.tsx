import { Anchor, Grid, List, NavLink, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../components/page';

type Section = 'install' | 'using';

const phrases = [
  ['Log a catch', '“Alexa, tell Tightlines: walleye, 22 inches, on a jig.”'],
  ['Save an instant draft', '“Alexa, ask Tightlines to save a draft.” It keeps the time and place to finish later.'],
  ['Count your logs', '“Alexa, ask Tightlines how many logs this month.”'],
  ['Best fishing times', '“Alexa, ask Tightlines for the best times today.” You hear today’s major and minor periods.'],
  ['Moon phase', '“Alexa, ask Tightlines for the moon phase.”'],
  ['Weather', '“Alexa, ask Tightlines for the weather.” Where you are, or at your last log.'],
] as const;

function InstallSteps({ phone }: { phone: 'Android' | 'iPhone' }) {
  const store = phone === 'Android' ? 'Google Play' : 'the App Store';
  return (
    <List type="ordered" spacing="xs">
      <List.Item>Install the Amazon Alexa app from {store} and sign in with your Amazon account.</List.Item>
      <List.Item>In the app, open More, then Skills &amp; Games, and search for “Tightlines”.</List.Item>
      <List.Item>Choose Enable to use. The Tightlines login page opens: log in with your Tightlines email and password.</List.Item>
      <List.Item>
        When the app asks, allow it to use your location{phone === 'iPhone' ? ' (Settings, Alexa, Location: While Using)' : ''}, so
        catches are logged where you stand.
      </List.Item>
      <List.Item>Say “Alexa, open Tightlines” to try it.</List.Item>
    </List>
  );
}

export function AssistantPage() {
  const [section, setSection] = useState<Section>('install');
  return (
    <Page title="Voice assistant" size="lg">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <nav aria-label="Assistant guide">
            <NavLink component="button" label="Install the Assistant" active={section === 'install'} onClick={() => setSection('install')} aria-current={section === 'install' ? 'page' : undefined} />
            <NavLink component="button" label="Using the Assistant" active={section === 'using'} onClick={() => setSection('using')} aria-current={section === 'using' ? 'page' : undefined} />
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          {section === 'install' ? (
            <Stack gap="md">
              <Title order={2} size="h3">
                Install the Assistant
              </Title>
              <Text>
                The Tightlines assistant lets you log hands-free while you hold the rod, and answers about the moon and the
                weather. It is part of premium. Pick your phone:
              </Text>
              <Tabs defaultValue="android">
                <Tabs.List>
                  <Tabs.Tab value="android">Android</Tabs.Tab>
                  <Tabs.Tab value="iphone">iPhone</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="android" pt="md">
                  <InstallSteps phone="Android" />
                </Tabs.Panel>
                <Tabs.Panel value="iphone" pt="md">
                  <InstallSteps phone="iPhone" />
                </Tabs.Panel>
              </Tabs>
              <Text size="sm">
                Linking gives the assistant its own key: it can log and answer, never change your account, password or
                billing. Revoke it any time under{' '}
                <Anchor component={Link} to="/account?tab=1" underline="always">
                  My Account, Settings
                </Anchor>
                .
              </Text>
            </Stack>
          ) : (
            <Stack gap="md">
              <Title order={2} size="h3">
                Using the Assistant
              </Title>
              <Text>Start with “Alexa, open Tightlines”, or say it all at once:</Text>
              <Stack gap="sm">
                {phrases.map(([title, say]) => (
                  <div key={title}>
                    <Text fw={700}>{title}</Text>
                    <Text>{say}</Text>
                  </div>
                ))}
              </Stack>
              <Text size="sm">
                Logs made by voice are private. Open them later on the Fishing Data page to add a photo, the lure colour or
                notes.
              </Text>
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Page>
  );
}
