import { AspectRatio, Button, Card, Center, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * A video the app serves itself: nothing but the poster loads until the visitor presses play, and
 * the poster only once the player comes near the screen. A video's poster is fetched with the page,
 * ahead of the first screen's paint (the landing's players are below it, 250 KB of posters), and it
 * has no lazy loading of its own. It works offline once the page is cached.
 */
export function LocalVideo({ src, poster, title }: { src: string; poster: string; title: string }) {
  const player = useRef<HTMLVideoElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = player.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '50%' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <Card withBorder padding={0}>
      <AspectRatio ratio={16 / 9}>
        <video
          ref={player}
          src={src}
          poster={near ? poster : undefined}
          preload="none"
          controls
          playsInline
          aria-label={title}
          style={{ background: 'black' }}
        />
      </AspectRatio>
      <Text p="sm" size="sm" fw={600}>
        {title}
      </Text>
    </Card>
  );
}

/**
 * Loads the player only when asked: a third-party iframe costs a few hundred kilobytes and sets
 * cookies, which a visitor should not pay for just by opening the page.
 */
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
