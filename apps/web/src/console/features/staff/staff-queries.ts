import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';

/** Query keys and calls of the staff screen, owned here (style guide: data hooks per endpoint). */
export const staffKeys = {
  staff: ['console', 'staff'] as const,
  invitations: ['console', 'staff-invitations'] as const,
  roles: ['console', 'roles'] as const,
};
export const listStaff = () => consoleCall(R.consoleStaffList);
export const listStaffInvitations = () => consoleCall(R.consoleStaffInvitations);
export const listRoles = () => consoleCall(R.consoleRoles);
