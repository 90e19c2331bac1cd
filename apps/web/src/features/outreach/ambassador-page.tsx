import { Alert, Avatar, Button, Card, Checkbox, Group, List, Loader, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AMBASSADOR_DISCOUNT_PERCENT, AMBASSADOR_TRIVIA, ambassadorApplicationInput } from '@tightlines/core/ambassador';
import { messages } from '@tightlines/core/messages';
import { Page } from '../../components/page';
import { showError, showSuccess } from '../../lib/alerts';
import { useAmbassadors, useApplyAsAmbassador, type ApplicationBody } from './api/outreach';

const initialValues = {
  name: '',
  email: '',
  state: '',
  age: '' as number | string,
  occupation: '',
  sponsors: '',
  waterFished: '',
  species: '',
  technique: '',
  fishPerYear: '',
  facebook: '',
  youtube: '',
  instagram: '',
  twitter: '',
  otherUrls: '',
  valueAdded: '',
  learnedAboutLabs: '',
  using: '',
  answer: '',
  agreement: false,
  listInDirectory: false,
};
type Values = typeof initialValues;

/** The first message of each field, from the same schema the server checks with. */
function validate(values: Values): Record<string, string> {
  const parsed = ambassadorApplicationInput.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

export function AmbassadorPage() {
  return (
    <Page title="Ambassador program" size="lg">
      <Stack gap="xl">
        <Stack gap="xs">
          <Text>
            Tightlines ambassadors are anglers who log their days on the water, share what they learn and bring their
            fishing friends along. In return you get:
          </Text>
          <List spacing={4}>
            <List.Item>{AMBASSADOR_DISCOUNT_PERCENT}% off your Tightlines subscription, for as long as you are an ambassador;</List.Item>
            <List.Item>a listing in our ambassador directory below (name, region and photo), if you agree to it;</List.Item>
            <List.Item>early looks at new features, and a direct line to the people who build them.</List.Item>
          </List>
          <Text>Ambassadors must be 18 or older. We read every application and answer by email.</Text>
        </Stack>
        <Directory />
        <ApplicationForm />
      </Stack>
    </Page>
  );
}

function Directory() {
  const ambassadors = useAmbassadors();
  return (
    <section aria-labelledby="directory-title">
      <Title order={2} size="h3" id="directory-title" mb="sm">
        Our ambassadors
      </Title>
      {ambassadors.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>Loading the directory…</Text>
        </Group>
      ) : ambassadors.isError ? (
        <Alert color="red" variant="light" role="alert">
          The directory could not be loaded. {ambassadors.error.message}
        </Alert>
      ) : ambassadors.data.length === 0 ? (
        <Text>No ambassadors are listed yet. Apply below and you could be the first.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {ambassadors.data.map((a) => (
            <Card key={`${a.name}-${a.region}`} withBorder padding="md">
              <Group>
                <Avatar src={a.photo ?? '/default-avatar.svg'} alt="" radius="xl" />
                <div>
                  <Text fw={700}>{a.name}</Text>
                  <Text size="sm">{a.region || 'Region not given'}</Text>
                </div>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

function ApplicationForm() {
  const apply = useApplyAsAmbassador();
  const form = useForm<Values>({ initialValues, validate });

  const submit = form.onSubmit((values) => {
    apply.mutate(values as ApplicationBody, {
      onSuccess: () => {
        showSuccess(messages.ambassadorReceived);
        form.reset();
      },
      onError: (err) => {
        const field = err.errors && Object.keys(err.errors)[0];
        if (field && field in values) form.setFieldError(field, err.message);
        else showError(messages.ambassadorFailed);
      },
    });
  });

  const text = (name: keyof Values, label: string, props: Record<string, unknown> = {}) => (
    <TextInput label={label} {...props} {...form.getInputProps(name)} />
  );
  const area = (name: keyof Values, label: string) => <Textarea label={label} autosize minRows={2} {...form.getInputProps(name)} />;

  return (
    <section aria-labelledby="apply-title">
      <Title order={2} size="h3" id="apply-title" mb="sm">
        Apply
      </Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-label="Ambassador application">
          <fieldset disabled={apply.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('name', 'Your name', { required: true, autoComplete: 'name' })}
                {text('email', 'Your email', { required: true, type: 'email', autoComplete: 'email' })}
                {text('state', 'State or region')}
                <NumberInput label="Your age" required min={0} max={120} allowDecimal={false} {...form.getInputProps('age')} />
                {text('occupation', 'Occupation', { required: true })}
                {text('fishPerYear', 'Days you fish a year')}
              </SimpleGrid>
              {area('sponsors', 'Current sponsors, if any')}
              {area('waterFished', 'Waters you fish')}
              {area('species', 'Species you target')}
              {area('technique', 'Favourite techniques')}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('facebook', 'Facebook')}
                {text('youtube', 'YouTube')}
                {text('instagram', 'Instagram')}
                {text('twitter', 'X (Twitter)')}
              </SimpleGrid>
              {area('otherUrls', 'Other links (blog, website)')}
              {area('valueAdded', 'What would you bring as an ambassador?')}
              {area('learnedAboutLabs', 'How did you hear about Tightlines?')}
              {area('using', 'How long have you used Tightlines, and how?')}
              {text('answer', `Bait question: ${AMBASSADOR_TRIVIA.question}`, { required: true })}
              <Checkbox label="List me in the ambassador directory (name, region and profile photo) if I am approved" {...form.getInputProps('listInDirectory', { type: 'checkbox' })} />
              <Checkbox
                label="I agree that Tightlines may store this application and contact me about it"
                {...form.getInputProps('agreement', { type: 'checkbox' })}
              />
              <div>
                <Button type="submit" loading={apply.isPending} disabled={!form.values.agreement}>
                  Submit
                </Button>
              </div>
            </Stack>
          </fieldset>
        </form>
      </Card>
    </section>
  );
}
