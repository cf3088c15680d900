import { toasts } from '@portal/contracts/messages';
import { type KeyboardEvent, useCallback, useState } from 'react';
import { toast } from 'react-toastify';

/** Keys that would change a field's text (not Tab, arrows or shortcuts). */
const editsText = (event: KeyboardEvent) =>
  !event.ctrlKey &&
  !event.metaKey &&
  !event.altKey &&
  (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete');

const warnLocked = () => toast.warning(toasts.lockedField, { toastId: 'locked-field' });

/**
 * The spec's read-only-until-edit fields: each named field is locked until its edit toggle is
 * pressed; clicking a locked field, or typing into it, shows the warning toast.
 */
export function useLockedFields<Name extends string>() {
  const [unlocked, setUnlocked] = useState<ReadonlySet<Name>>(() => new Set());

  const isLocked = (name: Name) => !unlocked.has(name);

  const toggle = (name: Name) =>
    setUnlocked((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const lockAll = useCallback(() => setUnlocked(new Set()), []);

  /** Unlocks fields that need the user's attention, e.g. those a failed validation names. */
  const unlock = (names: readonly Name[]) => setUnlocked((current) => new Set([...current, ...names]));

  /** Props for the field's input: read-only and warning while locked. */
  const lockProps = (name: Name) =>
    isLocked(name)
      ? {
          readOnly: true,
          onClick: warnLocked,
          onPaste: warnLocked,
          onKeyDown: (event: KeyboardEvent) => {
            if (editsText(event)) warnLocked();
          },
        }
      : {};

  return { isLocked, toggle, lockAll, unlock, lockProps, warnLocked };
}
