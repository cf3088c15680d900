/**
 * The app taking over a page that arrived rendered (the sign-in pages, see app/prerender-pages.tsx).
 * The app renders the same page into a container of its own, off the document and in slices
 * (main.tsx), so the page stays on screen and keeps taking input meanwhile. Once that render is
 * committed, `takeOverPage` swaps the containers and carries over, field by field (by name), what
 * was typed and where the focus and caret were: a visitor who starts typing early loses nothing.
 */
export function takeOverPage(page: HTMLElement, app: HTMLElement, { samePage }: { samePage: boolean }): void {
  if (!page.isConnected) return; // already taken over (a development double run of effects)
  // When the app shows another page (a signed-in visitor sent to their area), nothing is carried.
  const typed = !samePage
    ? []
    : Array.from(page.querySelectorAll<HTMLInputElement>('input[name]'), (input) => ({
        name: input.name,
        value: input.value,
        focus: input === page.ownerDocument.activeElement ? caretOf(input) : null,
      }));
  app.id = page.id;
  page.replaceWith(app);

  const fields = app.querySelectorAll<HTMLInputElement>('input[name]');
  for (const { name, value, focus } of typed) {
    const input = Array.from(fields).find((field) => field.name === name);
    if (!input) continue;
    if (input.value !== value) typeInto(input, value);
    if (focus) {
      input.focus();
      placeCaret(input, focus);
    }
  }
}

/**
 * Sets a field's value as the browser's autofill does: through the element's own setter, then an
 * `input` event, so React's change handler (and the form library behind it) sees a change.
 */
function typeInto(input: HTMLInputElement, value: string) {
  Reflect.set(HTMLInputElement.prototype, 'value', value, input);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

type Caret = { start: number | null; end: number | null };

/** Email fields have no caret to read in Chromium (it throws); others answer null. */
function caretOf(input: HTMLInputElement): Caret {
  try {
    return { start: input.selectionStart, end: input.selectionEnd };
  } catch {
    return { start: null, end: null };
  }
}

function placeCaret(input: HTMLInputElement, { start, end }: Caret) {
  if (start === null || end === null) return;
  try {
    input.setSelectionRange(start, end);
  } catch {
    // A field without a caret (email): the focus is what matters.
  }
}
