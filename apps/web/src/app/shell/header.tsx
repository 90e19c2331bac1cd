import { Anchor, Avatar, Burger, Button, Group, Text } from '@mantine/core';
import type { UserView } from '@tightlines/core/accounts';
import { lazy, Suspense } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { topLinks, visibleLinks } from '../navigation';
import { useCreateLog, useInstantDraft } from '../../lib/log-actions';
import classes from './shell.module.css';

// The account menu (and the positioning library its dropdown needs) only matters to a member.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

type Props = { user: UserView | null; mobileOpen: boolean; onToggleMobile: () => void };

export function Header({ user, mobileOpen, onToggleMobile }: Props) {
  const signedIn = user !== null;
  const instantDraft = useInstantDraft();
  const createLog = useCreateLog();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="lg" wrap="nowrap">
        <Burger opened={mobileOpen} onClick={onToggleMobile} hiddenFrom="sm" size="sm" aria-label="Open the menu" />
        <Anchor component={Link} to={signedIn ? '/dashboard' : '/'} underline="never" className={classes.logo} aria-label="Tightlines home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text component="span" fw={800} size="lg" c="lake.8" visibleFrom="xs">
            Tightlines
          </Text>
        </Anchor>
        <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
          {visibleLinks(topLinks, signedIn, false).map((link) => (
            <RouterNavLink key={link.to} to={link.to} className={classes.navLink}>
              {link.label}
            </RouterNavLink>
          ))}
        </Group>
      </Group>
      {signedIn ? (
        <Group gap="xs" wrap="nowrap">
          <Button variant="light" size="xs" onClick={instantDraft.run} loading={instantDraft.isPending} visibleFrom="xs">
            Instant Draft
          </Button>
          <Button size="xs" onClick={createLog.run} loading={createLog.isPending}>
            Create Log
          </Button>
          <Suspense fallback={<Avatar src={user.profilePicture ?? '/default-avatar.svg'} alt="" size={30} radius="xl" />}>
            <UserMenu user={user} />
          </Suspense>
        </Group>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to="/login-register?action=login" variant="default" size="xs">
            Login
          </Button>
          <Button component={Link} to="/login-register?action=signup" size="xs">
            Register
          </Button>
        </Group>
      )}
    </Group>
  );
}
