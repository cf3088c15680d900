import { type ComponentProps, useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { TextField } from './field.tsx';
import { useDebouncedCallback } from '../../hooks/use-debounced-callback.ts';

/** The spec's search debounce. */
export const FILTER_DEBOUNCE_MS = 500;

type DebouncedTextFieldProps = Omit<ComponentProps<typeof TextField>, 'value' | 'onChange'> & {
  /** The committed value (from the URL). */
  value: string;
  /** Called once typing has paused for FILTER_DEBOUNCE_MS. */
  onCommit: (value: string) => void;
};

/**
 * A text filter that answers every keystroke on screen but tells the list only once typing pauses,
 * so "ama" asks the server once, not three times. Follows the committed value when it changes from
 * elsewhere (back button, a cleared filter).
 */
export function DebouncedTextField({ value, onCommit, ...props }: DebouncedTextFieldProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  const commit = useDebouncedCallback(onCommit, FILTER_DEBOUNCE_MS);
  // Leaving the page (a result clicked before the pause ended) drops the pending search: while the
  // next page loads this one is still mounted, and updating its URL would cancel that navigation.
  // A link's click drops it at once, before the router starts: the navigation's own render can come
  // after the pause ends on a busy phone, and the search would then pull the user back to the list.
  useEffect(() => {
    const leaving = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) commit.cancel();
    };
    document.addEventListener('click', leaving, { capture: true });
    return () => document.removeEventListener('click', leaving, { capture: true });
  }, [commit]);
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (navigating) commit.cancel();
  }, [navigating, commit]);

  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        commit.call(event.target.value);
      }}
    />
  );
}
