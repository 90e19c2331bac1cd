import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useUploadImage } from './api/log-extras';

type Props = { value: string | null; onChange: (url: string | null) => void };

export function PhotoField({ value, onChange }: Props) {
  const [error, setError] = useState<string | null>(null);
  const save = useUploadImage();

  const upload = (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError('Please choose an image file (JPEG, PNG, WebP or similar).');
      return;
    }
    save.mutate(file, { onSuccess: ({ image }) => onChange(image), onError: (err) => setError(err.message) });
  };

  return (
    <Input.Wrapper label="Photo" error={error}>
      <Stack gap="xs" mt={6}>
        {value && <Image src={value} alt="Photo of this log" maw={320} mah={240} fit="contain" radius="md" />}
        <Group gap="xs">
          <FileButton onChange={upload} accept="image/*" disabled={save.isPending}>
            {(props) => (
              <Button {...props} variant="default" size="xs" loading={save.isPending}>
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
