import { Accordion, Anchor, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { AppLinks } from '../../components/app-links';

const faqs = [
  {
    q: 'What is Tightlines?',
    a: 'A fishing log for anglers. Each log records the date, time and place of a bite or a catch, the fish, the lure, and the weather and moon of that moment, so you can learn what works on your water.',
  },
  {
    q: 'Who can see my logs?',
    a: 'You decide for every log: public (anyone), protected (your Inner Circle) or private (only you). Choose private and nobody else ever sees it.',
  },
  { q: 'How do I sign up?', a: 'Choose Register at the top of the page, pick a username, enter your email and a password. The free plan needs no card.' },
  {
    q: 'How do I subscribe?',
    a: 'Go to Account, then Billing. A card is required; you can change or cancel your subscription any time.',
  },
  {
    q: 'What kinds of logs are there?',
    a: 'Instant Draft is a quick, incomplete log that captures the date, time and place with one tap, to finish later. Create Log is a real-time log that fetches the weather and moon data for you. Backdate Log records a past trip with its details and a photo.',
  },
  {
    q: 'Why is it not all free?',
    a: 'Weather data, maps, storage and development cost money. The free plan keeps 5 logs a month, forecasts and trip analysis free; premium ($4.99 a month or $30 a year) pays for the rest.',
  },
];

export function FaqPage() {
  return (
    <Page title="Frequently asked questions">
      <Accordion variant="separated">
        {faqs.map((f) => (
          <Accordion.Item key={f.q} value={f.q}>
            <Accordion.Control>{f.q}</Accordion.Control>
            <Accordion.Panel>{f.a}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Page>
  );
}

export function AboutPage() {
  return (
    <Page title="About us">
      <Stack>
        <Text>
          Tightlines is an open-source fishing log built by anglers. We believe your fishing spots and your results are
          yours: private unless you decide to share them.
        </Text>
        <Text>
          Every log is enriched with the weather, barometric pressure, wind, and the sun and moon periods of its moment
          and place, computed or fetched for you. Over a season, those logs turn into patterns you can act on.
        </Text>
        <Text>
          Organisers use Tightlines to run tournaments, leagues and series, with check-in, photo-verified fish entries and
          live leaderboards.
        </Text>
      </Stack>
    </Page>
  );
}

export function PrivacyPage() {
  return (
    <Page title="Privacy policy and terms">
      <Stack>
        <Title order={2} size="h4">
          Your data
        </Title>
        <Text>
          We store what you enter: your account (username, email) and your logs. Logs are shown to others only as you
          set them: public, protected (your Inner Circle) or private. Photos are stored without their location metadata.
          We do not sell your data.
        </Text>
        <Title order={2} size="h4">
          Accounts
        </Title>
        <Text>Accounts are for people 18 years of age or older.</Text>
        <Title order={2} size="h4">
          Liability
        </Title>
        <Text>
          Our liability is limited to the greater of $100 or the payments you made to us in the last 12 months. Legal
          disputes are heard by a county court in Minnesota.
        </Text>
      </Stack>
    </Page>
  );
}

export function QuickStartPage() {
  return (
    <Page title="Quick start">
      <Tabs defaultValue="assistant">
        <Tabs.List>
          <Tabs.Tab value="assistant">Assistant</Tabs.Tab>
          <Tabs.Tab value="importing">Importing</Tabs.Tab>
          <Tabs.Tab value="offline">Offline</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="assistant" pt="md">
          <List type="ordered" spacing="xs">
            <List.Item>Pick your phone: iPhone or Android.</List.Item>
            <List.Item>Download the Amazon Alexa app from the App Store or Google Play.</List.Item>
            <List.Item>Set it up: sign in with your Amazon account and allow it to use your location.</List.Item>
            <List.Item>Link it: enable the Tightlines skill and log in with your Tightlines account.</List.Item>
            <List.Item>Try it: “Alexa, ask Tightlines for the best times today”, or log a catch hands-free.</List.Item>
          </List>
          <Text size="sm" mt="sm">
            Step by step for both phones on the{' '}
            <Anchor component={Link} to="/assistant" underline="always">
              Assistant page
            </Anchor>
            .
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="importing" pt="md">
          <Text>
            Importing is for subscribers (and for everyone while a free-for-all promotion runs). Under{' '}
            <Anchor component={Link} to="/account?tab=3" underline="always">
              Account, Import
            </Anchor>
            , upload a CSV file of your old logs, or geotagged photos to turn them into drafts. Export your logs from the
            same tab at any time.
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="offline" pt="md">
          <List type="ordered" spacing="xs">
            <List.Item>No signal on the water? Turn on location for your phone’s camera.</List.Item>
            <List.Item>Take a photo of each catch: the photo keeps the place and the time.</List.Item>
            <List.Item>
              Back home, upload the photos under{' '}
              <Anchor component={Link} to="/account?tab=3" underline="always">
                Account, Import
              </Anchor>
              : Tightlines creates a draft log at each photo’s place and time, with that day’s weather and moon.
            </List.Item>
            <List.Item>Open the drafts to add the fish, the lure and notes.</List.Item>
          </List>
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

export function AppInfoPage() {
  return (
    <Page title="Get the app">
      <Stack>
        <Text>Install Tightlines on your phone:</Text>
        <AppLinks />
        <Text>
          Tightlines also works in any phone browser: open it, then choose “Add to Home Screen” in the browser’s menu to
          keep it one tap away.
        </Text>
      </Stack>
    </Page>
  );
}
