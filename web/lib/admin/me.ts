/** The signed-in account as /api/admins/me describes it, shared by the admin screens. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { MeReply } from '../../../shared/accounts';

/** The account: its email, its preset and areas (the screens it sees follow from these), and its two-factor sign-in. */
export type AdminMe = MeReply['admin'];

export const AdminMeContext = createContext<AdminMe>({
  email: '',
  role: 'custom',
  permissions: [],
  twoFactor: false,
  recoveryCodesLeft: 0,
  twoFactorRequired: false,
});

export const useAdminMe = () => useContext(AdminMeContext);

/** REQUIRE_2FA and an account without two-factor: the screens show its enrolment only (the server answers nothing else). */
export const mustEnrol = (me: AdminMe) => me.twoFactorRequired && !me.twoFactor;

/**
 * Two-factor sign-in turned on or off on the account screen since the layout last read the account
 * (null: not changed). The account screen's action notes it; the layout reads it over what it read, so
 * an account REQUIRE_2FA waited on may open the other screens at once, and the confirm-password dialogs
 * ask for the code once it is on.
 */
let twoFactorNote: boolean | null = null;
const noteReaders = new Set<() => void>();

export function noteTwoFactor(enabled: boolean | null): void {
  if (enabled === twoFactorNote) return;
  twoFactorNote = enabled;
  for (const reader of noteReaders) reader();
}

function subscribeToNote(reader: () => void) {
  noteReaders.add(reader);
  return () => noteReaders.delete(reader);
}

const noted = (read: AdminMe, note: boolean | null): AdminMe =>
  note === null || note === read.twoFactor ? read : { ...read, twoFactor: note };

/** The account as it was read, with two-factor sign-in as it has been set since (a loader's read). */
export const notedAccount = (read: AdminMe): AdminMe => noted(read, twoFactorNote);

/** The account as the layout read it, with two-factor sign-in as it has been set since. */
export function useNotedAccount(read: AdminMe): AdminMe {
  const note = useSyncExternalStore(
    subscribeToNote,
    () => twoFactorNote,
    () => null,
  );
  return noted(read, note);
}
