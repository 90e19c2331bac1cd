import type { FastifyBaseLogger } from 'fastify';
import type { PushSender } from '../../providers/push/push';
import type { SharedLog } from '../logs/service';
import type { CircleRepo } from './repo';

/** What the service worker shows: who logged what (never where exactly), and the log to open. */
export type CircleNotification = { title: string; body: string; url: string };

export function notificationFor(log: SharedLog): CircleNotification {
  const what = [log.fishSpecies, log.lakeName ? `on ${log.lakeName}` : null].filter(Boolean).join(' ');
  return { title: `${log.username} logged a ${log.type}`, body: what || 'A new log in your Inner Circle', url: `/log/${log.id}` };
}

/**
 * Tells each friend allowed to see a new log, on every browser they subscribed, through Web Push.
 * A push service answering 404 or 410 has dropped the subscription, so it is deleted here.
 */
export class CircleNotifier {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: { repo: CircleRepo; push: PushSender; log: FastifyBaseLogger },
  ) {}

  /** Fire and forget, for the logs module; failures are logged, never thrown. */
  logCreated(log: SharedLog): void {
    const work = this.notify(log).catch((error: unknown) => this.deps.log.warn({ err: error, logId: log.id }, 'inner circle push failed'));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Resolves once every notification started so far has been sent (for a clean shutdown). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  async notify(log: SharedLog): Promise<{ sent: number; gone: number }> {
    const targets = await this.deps.repo.subscriptionsOfFriendsWhoMaySee(log.id);
    const payload = JSON.stringify(notificationFor(log));
    let sent = 0;
    let gone = 0;
    await Promise.all(
      targets.map(async (target) => {
        const outcome = await this.deps.push.send(target, payload);
        if (outcome === 'sent') sent += 1;
        if (outcome === 'gone') {
          gone += 1;
          await this.deps.repo.dropSubscription(target.id);
        }
      }),
    );
    return { sent, gone };
  }
}
