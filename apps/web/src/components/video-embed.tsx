import { AspectRatio, Button, Card, Center, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * Loads the player only when asked: a third-party iframe costs a few hundred kilobytes and sets
 * cookies, which a visitor should not pay for just by opening the page.
 */
/**
 * A video the app serves itself: nothing but the poster loads until the visitor presses play, and it
 * works offline once the page is cached.
 */
export function LocalVideo({ src, poster, title }: { src: string; poster: string; title: string }) {
  return (
    <Card withBorder padding={0}>
      <AspectRatio ratio={16 / 9}>
        <video src={src} poster={poster} preload="none" controls playsInline aria-label={title} style={{ background: 'black' }} />
      </AspectRatio>
      <Text p="sm" size="sm" fw={600}>
        {title}
      </Text>
    </Card>
  );
}

export function VideoEmbed({ youtubeId, title }: { youtubeId: string; title: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Card withBorder padding={0}>
      <AspectRatio ratio={16 / 9}>
        {loaded ? (
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1`}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            style={{ border: 0 }}
          />
        ) : (
          <Center bg="dark.7">
            <Button onClick={() => setLoaded(true)} size="md" aria-label={`Play ${title}`}>
              ▶ Play video
            </Button>
          </Center>
        )}
      </AspectRatio>
      <Text p="sm" size="sm" fw={600}>
        {title}
      </Text>
    </Card>
  );
}
