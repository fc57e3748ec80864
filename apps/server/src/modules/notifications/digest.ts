// The daily digest on the scheduling module's timer: each tick sends the digests that are due; the
// claim (notification_setting.digest_sent_at, FOR UPDATE SKIP LOCKED) keeps instances from sending
// one twice.
import { type PeriodicJob, periodicJob } from '../scheduling/periodic-job.ts';
import type { NotificationsService } from './notifications.service.ts';

export function createDigestJob(deps: {
  notifications: NotificationsService;
  tickMs: number;
  log?: { error(obj: object, msg: string): void };
}): PeriodicJob<number> {
  return periodicJob({
    tickMs: deps.tickMs,
    name: 'notification digest',
    log: deps.log,
    run: (stopped) => deps.notifications.sendDueDigests({ stopped }),
  });
}
