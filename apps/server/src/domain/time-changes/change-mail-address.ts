import { isEmail } from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';

/**
 * A change of date mails its new date to the purchase's address (completeTimeChange). An address on file
 * that is not one (kept from before the form's rules, or typed by staff or a partner without them) would
 * take the money and lose the mail: the change is refused first with `invalid email address in time
 * change`, which sends the visitor back to the date-change page (spec §4), before any hold or charge. No
 * address at all (a counter sale) is allowed: nothing is mailed.
 */
export function assertChangeMailable(email: string | null): void {
  if (email && !isEmail(email)) throw new AppError('invalid_email_time_change');
}
