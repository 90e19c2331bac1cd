import { Anchor, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Island } from '../../components/island';
import { NewsletterForm } from '../../components/newsletter-form';
import { secondaryLinks, visibleLinks } from '../navigation';
import classes from './shell.module.css';

export function Footer({ signedIn }: { signedIn: boolean }) {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={6}>
            <Text fw={800}>Tightlines</Text>
            <Text size="sm">Fishing logs that remember the weather, the moon and the water for you.</Text>
          </Stack>
          <Stack gap={6} component="nav" aria-label="Footer">
            {visibleLinks(secondaryLinks, signedIn, true).map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm">
                {link.label}
              </Anchor>
            ))}
            <Anchor component={Link} to="/privacy" size="sm">
              Privacy &amp; Terms
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} size="sm">
              Newsletter
            </Text>
            <Text size="sm">
              Seasonal patterns, solunar highlights and events, twice a month.{' '}
              <Anchor component={Link} to="/newsletter" size="sm" underline="always">
                What is in it
              </Anchor>
            </Text>
            <Island name="newsletter">
              <NewsletterForm compact />
            </Island>
            <Group gap="md" mt="xs">
              <Anchor href="https://www.facebook.com/" target="_blank" rel="noreferrer" size="sm">
                Facebook
              </Anchor>
              <Anchor href="https://www.instagram.com/" target="_blank" rel="noreferrer" size="sm">
                Instagram
              </Anchor>
              <Anchor href="https://www.youtube.com/" target="_blank" rel="noreferrer" size="sm">
                YouTube
              </Anchor>
            </Group>
          </Stack>
        </SimpleGrid>
        <Text size="xs" mt="lg" c="lake.2">
          © {new Date().getFullYear()} Tightlines contributors. Open source.
        </Text>
      </Container>
    </footer>
  );
}
