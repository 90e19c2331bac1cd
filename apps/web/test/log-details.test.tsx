import { screen, within } from '@testing-library/react';
import { FREE_FOR_ALL } from '@tightlines/core/accounts';
import { describe, expect, it } from 'vitest';
import { LogDetails } from '../src/features/logs/log-details';
import { aLog, aMember } from './fixtures';
import { renderApp } from './render';

const facts = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the log details', () => {
  it('shows the owner their log with its readings, and a way to edit it', () => {
    const log = aLog();
    renderApp(<LogDetails log={log} viewer={aMember({ premiumMember: true, activeSubscription: true })} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Walleye' })).toBeTruthy();
    expect(screen.getByText('06/01/2026 06:30am').tagName).toBe('TIME');
    expect(screen.getByText(/your log/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/log/edit/${log._id}`);
    expect(screen.getByText('Gull Lake, MN')).toBeTruthy();
    expect(screen.getByTestId('log-coordinates').textContent).toBe('46.412, -94.355');

    expect(facts('Length')).toBe('24.5 in');
    expect(facts('Weight')).toBe('5.25 lb');
    expect(facts('Girth')).toBe('-');
    expect(facts('Barometer')).toBe('29.92 in');
    expect(facts('Wind')).toBe('12 MPH S by SW');
    expect(facts('Cloud cover')).toBe('40%');
    expect(facts('Humidity')).toBe('78%');
    expect(screen.getByText('opener')).toBeTruthy();

    // Moon and sun on the place's clock, for a premium member.
    const lunar = screen.getByRole('tabpanel', { name: 'Lunar' });
    expect(within(lunar).getByText('Waxing Gibbous')).toBeTruthy();
    expect(facts('Sunrise')).toBe('05:26 AM');
    expect(facts('Moon above')).toBe('11:37 PM');
    expect(within(lunar).queryByText('Congratulations')).toBeNull();
    expect(screen.getByRole('img', { name: /^Rating: / })).toBeTruthy();
  });

  it('shows a visitor the angler instead of an Edit link, and locks the lunar details', () => {
    renderApp(<LogDetails log={aLog()} viewer={null} />);

    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'walleye_wendy' }).getAttribute('href')).toBe('/logs/walleye_wendy');
    expect(screen.getByText('Moon and sun details for every log are part of a premium subscription.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/login-register?action=signup');
    expect(screen.queryByText('Waxing Gibbous')).toBeNull();
  });

  it('offers premium to a member without it, and says when the promotion opens it', () => {
    const { unmount } = renderApp(<LogDetails log={aLog()} viewer={aMember({ username: 'someone_else' })} />);
    expect(screen.getByRole('link', { name: 'Go premium' }).getAttribute('href')).toBe('/subscription');
    unmount();

    renderApp(<LogDetails log={aLog()} viewer={aMember({ username: 'someone_else', premiumMember: true })} />, { flags: [FREE_FOR_ALL] });
    expect(screen.getByText('Congratulations')).toBeTruthy();
    expect(screen.getByText('Waxing Gibbous')).toBeTruthy();
  });

  it('sends the owner of an outing to the outing’s editor, and names a log without a species by its type', () => {
    const outing = aLog({ type: 'Outing', fish: { species: null, length: null, girth: null, weight: null } });
    renderApp(<LogDetails log={outing} viewer={aMember()} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Outing log' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/edit-outing/${outing._id}`);
  });

  it('says when the weather is still on its way rather than showing none', () => {
    renderApp(<LogDetails log={aLog({ weather: null, pending: ['weather'] })} viewer={aMember()} />);
    expect(screen.getByText(/^Weather is still being fetched/)).toBeTruthy();
    expect(screen.getByText('Not here yet.')).toBeTruthy();
    expect(screen.queryByText('No weather was recorded for this log.')).toBeNull();
  });
});
