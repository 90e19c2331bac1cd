import { Alert, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AmbassadorApplicationView } from '@tightlines/core/ambassador';
import { useState } from 'react';
import { LoadingPage } from '../../components/loading-page';
import { Page } from '../../components/page';
import { ApiError } from '../../lib/api';
import { useApplications, useReviewApplication, type ReviewStatus } from './api/outreach';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
];

/** Labels of the free-text answers, in the form's order. */
const ANSWER_LABELS: Record<string, string> = {
  sponsors: 'Sponsors',
  waterFished: 'Waters fished',
  species: 'Species',
  technique: 'Technique',
  fishPerYear: 'Days fishing a year',
  facebook: 'Facebook',
  youtube: 'YouTube',
  instagram: 'Instagram',
  twitter: 'Twitter',
  otherUrls: 'Other links',
  valueAdded: 'What they would add',
  learnedAboutLabs: 'How they heard of us',
  using: 'Using Tightlines',
};

/** /admin/ambassadors: the team approves or declines ambassador applications (ADMIN_EMAILS). */
export function AdminAmbassadorsPage() {
  const [status, setStatus] = useState<NonNullable<ReviewStatus>>('pending');
  const applications = useApplications(status);
  const forbidden = applications.error instanceof ApiError && applications.error.status === 403;
  return (
    <Page title="Ambassador applications" size="lg">
      {forbidden ? (
        <Alert color="gray" title="This page is for the Tightlines team.">
          Ambassador applications are reviewed by the team. To apply, see the <a href="/ambassador-program">Ambassador Program</a>.
        </Alert>
      ) : (
        <Stack>
          <SegmentedControl
            w="fit-content"
            aria-label="Applications to show"
            data={STATUSES}
            value={status}
            onChange={(v) => setStatus(v as NonNullable<ReviewStatus>)}
          />
          {applications.isPending ? (
            <LoadingPage />
          ) : applications.isError ? (
            <Alert color="red" title="The applications could not be loaded">
              {applications.error.message}{' '}
              <Button size="xs" variant="light" onClick={() => void applications.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : applications.data.length === 0 ? (
            <Text c="gray.7">No {status} applications.</Text>
          ) : (
            <Stack>
              {applications.data.map((a) => (
                <ApplicationCard key={a._id} application={a} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Page>
  );
}

function ApplicationCard({ application: a }: { application: AmbassadorApplicationView }) {
  const review = useReviewApplication();
  const answers = Object.entries(ANSWER_LABELS).filter(([key]) => (a.answers[key] ?? '').trim() !== '');
  return (
    <Card withBorder component="article" aria-labelledby={`application-${a._id}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h4" id={`application-${a._id}`}>
            {a.name}
          </Title>
          <Text size="sm" c="gray.7">
            {a.state} · {a.age} · {a.occupation} · applied {new Date(a.createdAt).toLocaleDateString()}
          </Text>
        </div>
        <Group gap={6}>
          <Badge color={a.listInDirectory ? 'teal' : 'gray'} variant="light">
            {a.listInDirectory ? 'Agrees to be listed' : 'Not listed'}
          </Badge>
          {a.status === 'approved' && (
            <Badge color={a.discountPercent ? 'teal' : 'yellow'} variant="light">
              {a.discountPercent ? `${a.discountPercent} % coupon given` : 'No account: no coupon'}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" mt="xs">
        {a.email} · {a.member ? `member ${a.member.username}` : 'no member account with this e-mail'}
      </Text>
      {answers.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4} mt="xs">
          {answers.map(([key, label]) => (
            <Text key={key} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {label}:
              </Text>{' '}
              {a.answers[key]}
            </Text>
          ))}
        </SimpleGrid>
      )}
      {review.isError && (
        <Alert color="red" mt="sm" role="alert">
          {review.error.message}
        </Alert>
      )}
      {a.status === 'pending' && (
        <Group mt="sm" gap="xs">
          <Button size="xs" color="teal" loading={review.isPending && review.variables?.status === 'approved'} disabled={review.isPending} onClick={() => review.mutate({ id: a._id, status: 'approved' })}>
            Approve {a.name}
          </Button>
          <Button size="xs" variant="default" loading={review.isPending && review.variables?.status === 'declined'} disabled={review.isPending} onClick={() => review.mutate({ id: a._id, status: 'declined' })}>
            Decline
          </Button>
        </Group>
      )}
    </Card>
  );
}
