import { Alert, Button, Card, FileButton, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiError } from '../../lib/api';
import { draftsFromPhotos, type PhotoDrafts } from './api';

const MAX_PHOTOS = 20;

/** The quick-start guide's offline tracking: photos taken on the water become drafts back home. */
export function PhotoDraftsCard() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PhotoDrafts | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (files: File[]) => {
    setResult(null);
    setError(null);
    if (files.length === 0) return;
    if (files.length > MAX_PHOTOS) return setError(`Choose at most ${MAX_PHOTOS} photos at a time.`);
    setBusy(true);
    try {
      setResult(await draftsFromPhotos(files));
      await client.invalidateQueries({ queryKey: ['logs'] });
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
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
        <FileButton onChange={(files) => void upload(files)} accept="image/*" multiple>
          {(props) => (
            <Button {...props} loading={busy} variant="light" w="fit-content">
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
