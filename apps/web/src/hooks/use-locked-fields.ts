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
  // `all`: every field open ("Edit all") except those in `names`; otherwise only those in `names`.
  const [state, setState] = useState<{ all: boolean; names: ReadonlySet<Name> }>(() => ({
    all: false,
    names: new Set(),
  }));

  const isLocked = (name: Name) => (state.all ? state.names.has(name) : !state.names.has(name));

  const toggle = (name: Name) =>
    setState((current) => {
      const names = new Set(current.names);
      if (names.has(name)) names.delete(name);
      else names.add(name);
      return { all: current.all, names };
    });

  const lockAll = useCallback(() => setState({ all: false, names: new Set() }), []);

  /** Every field open at once: the card's "Edit all", beside the spec's pencil per field. */
  const unlockAll = useCallback(() => setState({ all: true, names: new Set() }), []);

  /** Unlocks fields that need the user's attention, e.g. those a failed validation names. */
  const unlock = (names: readonly Name[]) =>
    setState((current) =>
      current.all
        ? { all: true, names: new Set([...current.names].filter((n) => !names.includes(n))) }
        : { all: false, names: new Set([...current.names, ...names]) },
    );

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

  return { isLocked, toggle, lockAll, unlockAll, unlock, lockProps, warnLocked };
}
