import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiError } from '../../lib/api';
import { uploadImage } from './api';

type Props = { value: string | null; onChange: (url: string | null) => void };

export function PhotoField({ value, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError('Please choose an image file (JPEG, PNG, WebP or similar).');
      return;
    }
    setBusy(true);
    try {
      onChange((await uploadImage(file)).image);
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label="Photo" error={error}>
      <Stack gap="xs" mt={6}>
        {value && <Image src={value} alt="Photo of this log" maw={320} mah={240} fit="contain" radius="md" />}
        <Group gap="xs">
          <FileButton onChange={(file) => void upload(file)} accept="image/*">
            {(props) => (
              <Button {...props} variant="default" size="xs" loading={busy}>
                {value ? 'Replace photo' : 'Upload a photo'}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
              Remove photo
            </Button>
          )}
        </Group>
        {!value && (
          <Text size="xs" c="dimmed">
            Images only.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
