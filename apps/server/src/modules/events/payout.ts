import { isConnectedAccount } from '@tightlines/core/events/model';
import type { EventRow } from './repo';

/** Billing's record of each member's Connect onboarding. */
export type ConnectedAccounts = {
  /** The account the member's own onboarding opened, finished or not. */
  connectedAccountOf(userId: string): Promise<string | null>;
  /** The member's account once it may take charges. */
  payoutAccount(userId: string): Promise<string | null>;
};

/**
 * Where an event's card entry fees go: `none` when the event names no connected account (the
 * organiser's pasted key or the test processor takes them), `connect` with the account when it is
 * one of the event's owners' own and may take charges, `unpayable` otherwise.
 */
export type EventPayout = { kind: 'none' } | { kind: 'connect'; payTo: string } | { kind: 'unpayable' };

export class EventPayouts {
  constructor(
    private readonly deps: {
      ownerIds: (eventId: string) => Promise<string[]>;
      accounts: ConnectedAccounts;
    },
  ) {}

  /**
   * The event's key is read as a claim only: the money goes to it when an owner's own onboarding
   * opened that account, so a key changed behind the wizard's back pays nobody.
   */
  async of(event: Pick<EventRow, 'id' | 'paymentProcessor' | 'paymentProcessorKey'>): Promise<EventPayout> {
    const key = event.paymentProcessorKey;
    if (event.paymentProcessor !== 'Stripe' || !isConnectedAccount(key)) return { kind: 'none' };
    for (const ownerId of await this.deps.ownerIds(event.id)) {
      if ((await this.deps.accounts.payoutAccount(ownerId)) === key) return { kind: 'connect', payTo: key };
    }
    return { kind: 'unpayable' };
  }

  /**
   * Whether `member` may put `key` on an event whose key is `current`: a connected account must be
   * the one their own Connect onboarding opened (or the one the event already has).
   */
  async mayName(member: string, key: string | null | undefined, current: string | null | undefined): Promise<boolean> {
    if (!isConnectedAccount(key) || key === current) return true;
    return (await this.deps.accounts.connectedAccountOf(member)) === key;
  }
}
