import { SimpleGrid } from '@mantine/core';
import { LocalVideo, VideoEmbed } from '../../components/video-embed';

/** The app's own recordings (scripts/record-landing-videos.mjs), served from public/videos. */
const ownVideos = [
  { name: 'create-a-log', title: 'Log a catch in a minute' },
  { name: 'forecast-and-calendar', title: 'The forecast and the solunar calendar' },
];

/** YouTube ids set at build time (VITE_LANDING_VIDEOS, comma-separated) replace the app's own videos. */
const videoIds = (import.meta.env.VITE_LANDING_VIDEOS ?? '')
  .split(',')
  .map((id: string) => id.trim())
  .filter(Boolean)
  .slice(0, 2);

/** The landing's two videos: an island of the prerendered page, since their posters and players load when needed. */
export function LandingVideos() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {videoIds.length > 0
        ? videoIds.map((id: string, i: number) => <VideoEmbed key={id} youtubeId={id} title={`Tightlines video ${i + 1}`} />)
        : ownVideos.map((v) => <LocalVideo key={v.name} src={`/videos/${v.name}.webm`} poster={`/videos/${v.name}.png`} title={v.title} />)}
    </SimpleGrid>
  );
}
