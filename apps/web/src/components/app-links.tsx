import { Anchor, List, Loader, Text } from '@mantine/core';
import { useAppLinks } from '../lib/app-links';

/** The iPhone app from the App Store, the Android app from its file; said plainly when not out. */
export function AppLinks() {
  const links = useAppLinks();
  if (links.isPending) return <Loader size="sm" aria-label="Loading the app links" />;
  if (links.isError) return <Text role="alert">The app links could not be loaded. {links.error.message}</Text>;
  const { iphone, android } = links.data;
  return (
    <List spacing="xs">
      <List.Item>
        <Text span fw={700}>
          iPhone:{' '}
        </Text>
        {iphone ? (
          <Anchor href={iphone} target="_blank" rel="noreferrer" underline="always">
            Download Tightlines on the App Store
          </Anchor>
        ) : (
          'the App Store app is not out yet.'
        )}
      </List.Item>
      <List.Item>
        <Text span fw={700}>
          Android:{' '}
        </Text>
        {android ? (
          <>
            <Anchor href={android} download underline="always">
              Download the Tightlines app (.apk file)
            </Anchor>
            . Open the file on your phone; Android asks once to allow installing apps from your browser.
          </>
        ) : (
          'the app file is not out yet.'
        )}
      </List.Item>
    </List>
  );
}
