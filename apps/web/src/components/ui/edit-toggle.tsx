type EditToggleProps = {
  /** The field's label; the button reads "Edit <label>". */
  label: string;
  /** True while the field is unlocked for editing. */
  pressed: boolean;
  onToggle: () => void;
};

/** The pencil beside a read-only field that unlocks it for editing (and locks it again). */
export function EditToggle({ label, pressed, onToggle }: EditToggleProps) {
  return (
    <button
      type="button"
      aria-label={`Edit ${label}`}
      aria-pressed={pressed}
      title={pressed ? `Editing ${label}` : `Edit ${label}`}
      onClick={onToggle}
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-lg border shadow-sm transition-colors focus-visible:ring-2 focus-visible:ring-indigo-600/40 focus-visible:outline-none ${
        pressed
          ? 'border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500'
          : 'border-slate-300 bg-white text-slate-600 hover:bg-slate-50'
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M12 20h9" />
        <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4 12.5-12.5z" />
      </svg>
    </button>
  );
}
