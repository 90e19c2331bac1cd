import { Alert, Button, Card, FileButton, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@tightlines/core/messages';
import { useState } from 'react';
import { showError } from '../../lib/alerts';
import type { ApiError } from '../../lib/api';
import { downloadLogsCsv, importLogsCsv, type ImportFailure } from './api';
import { PhotoDraftsCard } from './photo-drafts-card';

const IMPORTED = 'Your logs were successfully imported, visit your dashboard to find them.';
const FAILED = 'There was an error with your upload:';

type Upload =
  | { stage: 'idle' }
  | { stage: 'uploading'; progress: number }
  | { stage: 'importing' }
  | { stage: 'done'; imported: number }
  | { stage: 'failed'; error: string; rows: ImportFailure['rows'] };

export function ImportingTab({ premium }: { premium: boolean }) {
  const client = useQueryClient();
  const [upload, setUpload] = useState<Upload>({ stage: 'idle' });
  const [exporting, setExporting] = useState(false);
  const busy = upload.stage === 'uploading' || upload.stage === 'importing';

  const start = async (file: File | null) => {
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.csv')) {
      setUpload({ stage: 'failed', error: `Only .csv files can be imported; "${file.name}" is not one.`, rows: [] });
      return;
    }
    setUpload({ stage: 'uploading', progress: 0 });
    try {
      const imported = await importLogsCsv(file, (fraction) =>
        setUpload(fraction >= 1 ? { stage: 'importing' } : { stage: 'uploading', progress: fraction }),
      );
      setUpload({ stage: 'done', imported });
      await client.invalidateQueries({ queryKey: ['logs'] });
    } catch (e) {
      const failure = e as ImportFailure;
      setUpload({ stage: 'failed', error: failure.error, rows: failure.rows });
    }
  };

  const exportLogs = async () => {
    setExporting(true);
    try {
      await downloadLogsCsv();
    } catch (e) {
      showError((e as ApiError).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Import logs
        </Title>
        <Text size="sm" mb="sm">
          Upload a .csv file of logs, for example one exported from Tightlines. Each row becomes a log with its weather and moon data.
        </Text>
        {!premium && (
          <Alert color="yellow" variant="light" mb="sm">
            {messages.importNeedsSubscription}
          </Alert>
        )}
        <Group>
          <FileButton onChange={(file) => void start(file)} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} loading={busy} disabled={busy}>
                Choose a .csv file
              </Button>
            )}
          </FileButton>
        </Group>
        <ImportStatus upload={upload} />
      </Card>

      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Export logs
        </Title>
        <Text size="sm" mb="sm">
          Download all your logs as myfishinglogs.csv.
        </Text>
        <Group>
          <Button variant="default" loading={exporting} onClick={() => void exportLogs()}>
            Export
          </Button>
        </Group>
      </Card>
      <PhotoDraftsCard />
    </Stack>
  );
}

function ImportStatus({ upload }: { upload: Upload }) {
  switch (upload.stage) {
    case 'idle':
      return null;
    case 'uploading':
      return (
        <Stack gap={4} mt="md">
          <Progress value={Math.round(upload.progress * 100)} aria-label="Upload progress" animated />
          <Text size="sm">Uploading… {Math.round(upload.progress * 100)}%</Text>
        </Stack>
      );
    case 'importing':
      return (
        <Stack gap={4} mt="md">
          <Progress value={100} aria-label="Upload progress" striped animated />
          <Text size="sm">Importing…</Text>
        </Stack>
      );
    case 'done':
      return (
        <Alert color="green" variant="light" mt="md" role="status" title={upload.imported === 1 ? '1 log imported' : `${upload.imported} logs imported`}>
          {IMPORTED}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" mt="md" role="alert">
          {FAILED} {upload.error}
          {upload.rows.length > 0 && (
            <List size="sm" mt="xs">
              {upload.rows.slice(0, 20).map((r) => (
                <List.Item key={r.row}>
                  Row {r.row}: {r.message}
                </List.Item>
              ))}
              {upload.rows.length > 20 && <List.Item>…and {upload.rows.length - 20} more rows.</List.Item>}
            </List>
          )}
        </Alert>
      );
  }
}
