import { Alert, Button, Card, FileButton, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import type { ImportProblem } from '@tightlines/core/api/transfer';
import { messages } from '@tightlines/core/messages';
import { useState } from 'react';
import { showError } from '../../lib/alerts';
import { importProblems, useExportLogs, useImportLogs } from './api/transfer';
import { PhotoDraftsCard } from './photo-drafts-card';

const IMPORTED = 'Your logs were successfully imported, visit your dashboard to find them.';
const FAILED = 'There was an error with your upload:';

type Upload =
  | { stage: 'idle' }
  | { stage: 'uploading'; progress: number }
  | { stage: 'importing' }
  | { stage: 'done'; imported: number }
  | { stage: 'failed'; error: string; rows: ImportProblem[] };

export function ImportingTab({ premium }: { premium: boolean }) {
  const [upload, setUpload] = useState<Upload>({ stage: 'idle' });
  const importer = useImportLogs();
  const exporter = useExportLogs();
  const busy = importer.isPending;

  const start = (file: File | null) => {
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.csv')) {
      setUpload({ stage: 'failed', error: `Only .csv files can be imported; "${file.name}" is not one.`, rows: [] });
      return;
    }
    setUpload({ stage: 'uploading', progress: 0 });
    importer.mutate(
      { file, onProgress: (fraction) => setUpload(fraction >= 1 ? { stage: 'importing' } : { stage: 'uploading', progress: fraction }) },
      {
        onSuccess: ({ imported }) => setUpload({ stage: 'done', imported }),
        onError: (err) => setUpload({ stage: 'failed', error: err.message, rows: importProblems(err) }),
      },
    );
  };

  const exportLogs = () => exporter.mutate(undefined, { onError: (err) => showError(err.message) });

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
          <FileButton onChange={start} accept=".csv,text/csv" disabled={busy}>
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
          <Button variant="default" loading={exporter.isPending} onClick={exportLogs}>
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
