import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';

/** The receipt after an entry fee is paid (/event-payment/{id}): what the checkout put in the address. */
export function EventPaymentPage() {
  const { id = '' } = useParams();
  const [query] = useSearchParams();
  const amount = Number(query.get('amount'));
  const rows: Array<[string, string | null]> = [
    ['Event', query.get('event')],
    ['Amount', Number.isFinite(amount) && amount > 0 ? `$${amount.toFixed(2)}` : null],
    ['Name', query.get('user')],
    ['Username', query.get('username')],
    ['Email', query.get('email')],
    ['Payment ID', query.get('sid')],
  ];
  return (
    <Page title="Event Payment" size="sm">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Your Payment was successful.
          </Title>
          {rows
            .filter((row): row is [string, string] => !!row[1])
            .map(([label, value]) => (
              <Text key={label} style={{ overflowWrap: 'anywhere' }}>
                <strong>{label}:</strong> {value}
              </Text>
            ))}
          <Anchor component={Link} to={`/event/${encodeURIComponent(id)}`}>
            Back to the event
          </Anchor>
        </Stack>
      </Card>
    </Page>
  );
}
