import { ok } from '../../../shared/result';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';
import { withSales } from './with-sales';

type StaffChannel =
  | 'staff:status' | 'staff:list' | 'staff:roster' | 'staff:setup' | 'staff:sign-in' | 'staff:sign-out' | 'staff:approvers'
  | 'staff:create' | 'staff:members' | 'staff:deactivate' | 'staff:reactivate' | 'staff:set-pin' | 'staff:change-own-pin';

/** Staff channels: who is at the till is held by electron/sales for this running app. */
export function createStaffHandlers(ctx: PosContext): Pick<Handlers, StaffChannel> {
  const sales = withSales(ctx);
  return {
    'staff:status': () => sales((s) => s.staff.status()),
    'staff:list': () => sales((s) => s.staff.list()),
    // Names to tap on the sign-in screen, without roles.
    'staff:roster': () =>
      sales((s) => {
        const listed = s.staff.list();
        return listed.ok ? ok({ staff: listed.value.staff.map(({ id, name }) => ({ id, name })) }) : listed;
      }),
    'staff:setup': (input) => sales((s) => s.staff.setup(input)),
    'staff:sign-in': (input) => sales((s) => s.staff.signIn(input)),
    'staff:sign-out': () => sales((s) => s.staff.signOut()),
    'staff:approvers': () =>
      sales((s) => {
        const approvers = s.staff.approvers();
        return approvers.ok ? ok({ approvers: approvers.value }) : approvers;
      }),
    'staff:create': (input) => sales((s) => s.staff.create(input)),
    'staff:members': () => sales((s) => s.staff.members()),
    'staff:deactivate': (input) => sales((s) => s.staff.deactivate(input)),
    'staff:reactivate': (input) => sales((s) => s.staff.reactivate(input)),
    'staff:set-pin': (input) => sales((s) => s.staff.setPin(input)),
    'staff:change-own-pin': (input) => sales((s) => s.staff.changeOwnPin(input)),
  };
}
