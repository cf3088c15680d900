import { type ChangeEvent, useId, useRef } from 'react';
import { toast } from 'react-toastify';
import { checkFile, type FileRule } from '../../lib/file-checks.ts';
import { Button } from './button.tsx';
import { ProgressBar } from './progress-bar.tsx';

type FilePickerProps = {
  /** The button's text, e.g. "Upload resume". */
  buttonLabel: string;
  /** The hidden input's accessible name, e.g. "Resume file". */
  inputLabel: string;
  hint: string;
  rule: FileRule;
  /** Progress while uploading (0-100), null when idle. */
  progress: number | null;
  busy: boolean;
  onFile: (file: File) => void;
};

/**
 * Choose a file, check its type and size in the browser (the spec's messages as error toasts),
 * then hand it over; shows a progress bar while it uploads.
 */
export function FilePicker({ buttonLabel, inputLabel, hint, rule, progress, busy, onFile }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after a failure still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = checkFile(file, rule);
    if (problem) {
      toast.error(problem);
      return;
    }
    onFile(file);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => input.current?.click()}
          isPending={busy}
          aria-describedby={hintId}
        >
          {buttonLabel}
        </Button>
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
        <input
          ref={input}
          type="file"
          accept={rule.types.join(',')}
          aria-label={inputLabel}
          tabIndex={-1}
          className="sr-only"
          onChange={onChange}
        />
      </div>
      {progress !== null && <ProgressBar value={progress} label="Uploading" />}
    </div>
  );
}
