import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../components/page';

/** The contest run with our media partner's TV show (seed 000: /keyes-contest). */
export function ContestPage() {
  return (
    <Page title="Fishing contest">
      <Stack gap="lg">
        <Text>
          Tightlines and our media partner’s fishing show run a weekly contest for viewers. Watch the episode, log your
          fishing, and you could win.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="xs">
              The prize
            </Title>
            <Text>One year of Tightlines premium, plus Tightlines apparel.</Text>
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="xs">
              Two winners every week
            </Title>
            <Text>Drawn by 5pm Central on the Saturday 6 days after each episode airs, starting 23 February 2020.</Text>
          </Card>
        </SimpleGrid>
        <div>
          <Title order={2} size="h4" mb="xs">
            How to enter
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>
              <Anchor component={Link} to="/login-register?action=signup" underline="always">
                Create a free Tightlines account
              </Anchor>{' '}
              (or log in).
            </List.Item>
            <List.Item>Watch the week’s episode.</List.Item>
            <List.Item>Log at least one day on the water before that week’s drawing: a catch, a bite, or even a hunch.</List.Item>
          </List>
        </div>
        <Text size="sm">
          Winners are told by email and named in the{' '}
          <Anchor component={Link} to="/newsletter" underline="always">
            newsletter
          </Anchor>
          . One entry per person per week; you must be 18 or older. Questions?{' '}
          <Anchor component={Link} to="/contact" underline="always">
            Contact us
          </Anchor>
          .
        </Text>
      </Stack>
    </Page>
  );
}
