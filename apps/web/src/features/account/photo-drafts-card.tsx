import { Alert, Button, Card, FileButton, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useDraftsFromPhotos } from './api/transfer';

const MAX_PHOTOS = 20;

/** The quick-start guide's offline tracking: photos taken on the water become drafts back home. */
export function PhotoDraftsCard() {
  const [tooMany, setTooMany] = useState(false);
  const drafts = useDraftsFromPhotos();
  const result = drafts.data;
  const error = tooMany ? `Choose at most ${MAX_PHOTOS} photos at a time.` : drafts.isError ? drafts.error.message : null;

  const upload = (files: File[]) => {
    drafts.reset();
    setTooMany(files.length > MAX_PHOTOS);
    if (files.length === 0 || files.length > MAX_PHOTOS) return;
    drafts.mutate(files);
  };

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Drafts from photos
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          Fished without a signal? Choose the photos you took with your phone’s location on: each one becomes a draft log
          at the place and time it was taken, with the photo attached (its location data is removed from the stored
          copy).
        </Text>
        <FileButton onChange={upload} accept="image/*" multiple disabled={drafts.isPending}>
          {(props) => (
            <Button {...props} loading={drafts.isPending} variant="light" w="fit-content">
              Choose photos
            </Button>
          )}
        </FileButton>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {result && (
          <Alert color={result.created.length ? 'green' : 'yellow'} variant="light" role="status">
            <Text size="sm">
              {result.created.length === 1 ? '1 draft log was created.' : `${result.created.length} draft logs were created.`}
            </Text>
            {result.skipped.length > 0 && (
              <List size="sm" mt={4}>
                {result.skipped.map((s) => (
                  <List.Item key={s.file}>
                    {s.file}: {s.reason}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
