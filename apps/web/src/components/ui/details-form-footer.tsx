import { Button } from './button.tsx';

type DetailsFormFooterProps = {
  /** True once a field differs from the record: until then there is nothing to save or discard. */
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  /** Spacing above the buttons (and a rule, where the form is long). */
  className?: string;
};

/** The Discard changes / Save pair under a details form. */
export function DetailsFormFooter({ dirty, saving, onDiscard, className = 'pt-2' }: DetailsFormFooterProps) {
  return (
    <div className={`flex flex-wrap justify-end gap-3 ${className}`}>
      <Button variant="secondary" onClick={onDiscard} disabled={!dirty || saving}>
        Discard changes
      </Button>
      <Button type="submit" disabled={!dirty} isPending={saving}>
        Save
      </Button>
    </div>
  );
}
