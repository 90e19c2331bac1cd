import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { UserView } from '@tightlines/core/accounts';
import { Link } from 'react-router';
import { useAdminStanding } from '../../features/outreach/api/outreach';
import { useLogout } from './use-logout';
import classes from './shell.module.css';

/** The member's account menu in the header: account pages, the admin's list, logout. */
export function UserMenu({ user }: { user: UserView }) {
  const logout = useLogout();
  const admin = useAdminStanding(true);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${user.username}`} className={classes.userButton}>
          <Group gap={6} wrap="nowrap">
            <Avatar src={user.profilePicture ?? '/default-avatar.svg'} alt="" size={30} radius="xl" />
            <Text size="sm" fw={600} visibleFrom="md">
              {user.username}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.username}</Menu.Label>
        <Menu.Item component={Link} to="/account?tab=1">
          My Account
        </Menu.Item>
        <Menu.Item component={Link} to="/account?tab=2">
          Billing
        </Menu.Item>
        <Menu.Item component={Link} to="/account?tab=3">
          Import
        </Menu.Item>
        {admin.data?.admin && (
          <Menu.Item component={Link} to="/admin/ambassadors">
            Ambassador applications
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" onClick={logout.run} disabled={logout.isPending}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
