import { Badge, Blockquote, Box, Button, Card, Container, Grid, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '@tightlines/core/redirect';
import { Island } from '../../components/island';
import { usePageTitle } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { LandingVideos } from './landing-videos';
import { RegisterForm } from './register-form';

const features = [
  { title: 'Private by default', text: 'Every log is public, shared with your Inner Circle, or yours alone. You choose, log by log.' },
  { title: 'Weather and moon, filled in', text: 'Log a catch and Tightlines records the weather, barometer, wind and solunar periods of that moment.' },
  { title: 'Forecasts that fish', text: 'Seven-day weather with the moon’s major and minor periods, and a lunar calendar for every month.' },
  { title: 'Share with friends', text: 'Your Inner Circle sees the lakes and tags you allow, and nothing else.' },
  { title: 'Find your patterns', text: 'Maps and charts show which lures, colours, moon phases and pressures put fish in the boat.' },
  { title: 'Fishing events', text: 'Tournaments, leagues and series with check-in, photo-verified entries and live leaderboards.' },
];

export function LandingPage() {
  usePageTitle('Fishing logs that remember everything');
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));

  return (
    <>
      <Box bg="lake.8" c="white" py={{ base: 36, sm: 64 }}>
        <Container size="lg">
          <Grid gap="xl" align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Badge color="lake.2" c="lake.9" mb="sm">
                Free to start: 5 logs a month
              </Badge>
              <Title order={1} fz={{ base: 30, sm: 46 }} lh={1.1}>
                Know when the fish bite.
              </Title>
              <Text size="lg" mt="md" maw={560}>
                Tightlines keeps your fishing logs with the weather, the moon and the water filled in for you, then shows
                you the patterns behind your best days.
              </Text>
              {user ? (
                <Button component={Link} to="/dashboard" size="md" mt="lg" color="lake.2" c="lake.9">
                  Go to your dashboard
                </Button>
              ) : (
                <Text mt="lg" size="sm">
                  Already an angler here?{' '}
                  <Link to={`/login-register?action=login&redirect=${encodeURIComponent(redirect)}`} style={{ color: 'white', fontWeight: 700 }}>
                    Log in
                  </Link>
                </Text>
              )}
            </Grid.Col>
            {!user && (
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Card padding="lg" c="dark">
                  <Title order={2} size="h4" mb="sm">
                    Create your free account
                  </Title>
                  <Island name="register">
                    <RegisterForm compact onRegistered={() => void navigate(params.has('redirect') ? redirect : '/subscription')} />
                  </Island>
                </Card>
              </Grid.Col>
            )}
          </Grid>
        </Container>
      </Box>

      <Container size="lg" py="xl">
        <Title order={2} ta="center" mb="lg">
          Everything an angler needs to learn from every trip
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {features.map((f, i) => (
            <Card key={f.title} withBorder padding="lg">
              <ThemeIcon radius="xl" size="lg" mb="sm">
                {i + 1}
              </ThemeIcon>
              <Text fw={700}>{f.title}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {f.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="md" pb="xl">
        <Blockquote color="lake" cite="– An angler from Minnesota">
          I used to guess. Now I open my logs, see that the big fish came on a falling barometer at moonrise, and plan
          the next trip around it.
        </Blockquote>
      </Container>

      <Container size="lg" pb="xl">
        <Title order={2} ta="center" mb="lg">
          See it on the water
        </Title>
        <Island name="videos">
          <LandingVideos />
        </Island>
      </Container>

      <Box bg="lake.0" py="xl">
        <Container size="md">
          <Stack align="center" gap="sm" ta="center">
            <Title order={2}>Your next trip starts with the forecast</Title>
            <Text>Check the weather and the moon’s major and minor periods for any ZIP code, free.</Text>
            <List spacing={4} size="sm" ta="left">
              <List.Item>Current weather and a 7-day outlook</List.Item>
              <List.Item>Moonrise, moonset, overhead and underfoot</List.Item>
              <List.Item>A lunar calendar you can add to your own calendar</List.Item>
            </List>
            <Button component={Link} to={user ? '/forecast' : '/login-register?action=signup'} size="md" mt="sm">
              {user ? 'Open the forecast' : 'Sign up free'}
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
