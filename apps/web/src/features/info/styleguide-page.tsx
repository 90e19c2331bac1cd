import { Alert, Badge, Button, Card, Checkbox, ColorSwatch, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title, useMantineTheme } from '@mantine/core';
import { Page } from '../../components/page';
import { TYPE_COLORS, typeTextColor } from '../../lib/type-colors';

const SAMPLE_LOG = { species: 'Walleye', length: 22, lure: 'Jig', lake: 'Mille Lacs', when: 'Jun 1, 2025 6:30 AM', moon: 'Waxing Gibbous' };

/** A demo page with sample data: the components, colours and type of the real theme. */
export function StyleguidePage() {
  const theme = useMantineTheme();
  const lake = theme.colors.lake ?? [];
  return (
    <Page title="Style guide" size="lg">
      <Stack gap="xl">
        <Text>The building blocks of Tightlines, shown with sample data. Everything here comes from the app’s theme.</Text>

        <section aria-labelledby="sg-colours">
          <Title order={2} size="h3" id="sg-colours" mb="sm">
            Colours
          </Title>
          <Text fw={700} mb={4}>
            Lake (primary, shade {String(theme.primaryShade)})
          </Text>
          <Group gap="xs" mb="md">
            {lake.map((hex, i) => (
              <Stack key={hex} gap={2} align="center">
                <ColorSwatch color={hex} size={36} aria-hidden />
                <Text size="xs">
                  {i} {hex}
                </Text>
              </Stack>
            ))}
          </Group>
          <Text fw={700} mb={4}>
            Log types (map markers, badges, charts)
          </Text>
          <Group gap="xs">
            {Object.keys(TYPE_COLORS).map((type) => (
              <Badge key={type} style={{ background: TYPE_COLORS[type], color: typeTextColor(type) }}>
                {type}
              </Badge>
            ))}
          </Group>
        </section>

        <section aria-labelledby="sg-type">
          <Title order={2} size="h3" id="sg-type" mb="sm">
            Type
          </Title>
          <Text size="sm" mb="xs">
            {theme.fontFamily}
          </Text>
          <Stack gap={4}>
            <Title order={3} size="h1">
              Heading 1 · Tight lines
            </Title>
            <Title order={3} size="h2">
              Heading 2 · Tight lines
            </Title>
            <Title order={3} size="h3">
              Heading 3 · Tight lines
            </Title>
            <Title order={3} size="h4">
              Heading 4 · Tight lines
            </Title>
            <Text>Body text: the walleye bit at first light, on a jig near the weed edge.</Text>
            <Text size="sm">Small text: hints and captions.</Text>
          </Stack>
        </section>

        <section aria-labelledby="sg-components">
          <Title order={2} size="h3" id="sg-components" mb="sm">
            Components
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap="sm">
              <Group>
                <Button>Create Log</Button>
                <Button variant="default">Instant Draft</Button>
                <Button variant="light">Light</Button>
                <Button disabled>Disabled</Button>
              </Group>
              <TextInput label="Lake" placeholder="Mille Lacs" description="Where you fished" />
              <TextInput label="Fish length (inches)" defaultValue="abc" error="Fish length (inches) must be a number from 0 to 100." />
              <Select label="Lure" data={['Crankbait', 'Jig', 'Spinnerbait', 'Topwater']} defaultValue="Jig" />
              <Checkbox label="I am at least 13 years of age" defaultChecked />
              <Switch label="Send me the newsletter" />
            </Stack>
            <Stack gap="sm">
              <Card withBorder padding="md">
                <Group justify="space-between" mb={4}>
                  <Text fw={700}>
                    {SAMPLE_LOG.length}&quot; {SAMPLE_LOG.species}
                  </Text>
                  <Badge style={{ background: TYPE_COLORS.Catch, color: typeTextColor('Catch') }}>Catch</Badge>
                </Group>
                <Text size="sm">
                  {SAMPLE_LOG.lake} · {SAMPLE_LOG.when}
                </Text>
                <Text size="sm">
                  Lure: {SAMPLE_LOG.lure} · Moon: {SAMPLE_LOG.moon}
                </Text>
              </Card>
              <Alert color="green" variant="light" title="Success">
                You have successfully created a DRAFT. You should go back and complete it later.
              </Alert>
              <Alert color="red" variant="light" title="Error">
                Your username or password was incorrect.
              </Alert>
            </Stack>
          </SimpleGrid>
        </section>
      </Stack>
    </Page>
  );
}
