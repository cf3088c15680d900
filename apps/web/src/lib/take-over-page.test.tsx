import { act, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverPage } from './take-over-page.ts';

// React is driven directly here (createRoot, as main.tsx does), so act() is switched on by hand.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The page as the server sent it: the same form, without the app.
const prerendered = `
  <form>
    <input name="emailID" type="email" aria-label="Email" />
    <input name="password" type="password" aria-label="Password" />
    <button type="submit" disabled>Sign In</button>
  </form>`;

function AppForm({ onSubmit }: { onSubmit: (values: { emailID: string; password: string }) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { emailID: '', password: '' } });
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <input type="email" aria-label="Email" {...register('emailID')} />
      <input type="password" aria-label="Password" {...register('password')} />
      <button type="submit">Sign In</button>
    </form>
  );
}

function TakesOver({
  page,
  container,
  samePage,
  children,
}: {
  page: HTMLElement;
  container: HTMLElement;
  samePage: boolean;
  children: React.ReactNode;
}) {
  useLayoutEffect(() => takeOverPage(page, container, { samePage }), [page, container, samePage]);
  return children;
}

/** The sent page in the document, then the app rendered off it and taking its place. */
async function takeOver(typeBefore: (page: HTMLElement) => void, samePage = true) {
  const page = document.createElement('div');
  page.id = 'root';
  page.innerHTML = prerendered;
  document.body.append(page);
  typeBefore(page);

  const onSubmit = vi.fn();
  const container = document.createElement('div');
  await act(async () =>
    createRoot(container).render(
      <TakesOver page={page} container={container} samePage={samePage}>
        <AppForm onSubmit={onSubmit} />
      </TakesOver>,
    ),
  );
  return { page, container, onSubmit };
}

const field = (root: ParentNode, name: string) => root.querySelector<HTMLInputElement>(`[name=${name}]`)!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the app taking over a page sent rendered', () => {
  it('takes the page’s place, keeps what was typed and the focus, and submits those values', async () => {
    const { page, container, onSubmit } = await takeOver((sent) => {
      field(sent, 'emailID').value = 'asha@college.edu';
      field(sent, 'password').value = 'secret12';
      field(sent, 'password').focus();
      field(sent, 'password').setSelectionRange(3, 3);
    });

    expect(page.isConnected).toBe(false);
    expect(document.getElementById('root')).toBe(container);
    expect(field(container, 'emailID').value).toBe('asha@college.edu');
    expect(field(container, 'password').value).toBe('secret12');
    expect(document.activeElement).toBe(field(container, 'password'));
    expect(field(container, 'password').selectionStart).toBe(3);

    // The form library saw the values, not just the fields.
    await act(async () => container.querySelector('button')!.click());
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ emailID: 'asha@college.edu', password: 'secret12' });
  });

  it('carries nothing into another page (a signed-in visitor sent to their area)', async () => {
    const { container, onSubmit } = await takeOver((sent) => {
      field(sent, 'emailID').value = 'asha@college.edu';
      field(sent, 'emailID').focus();
    }, false);

    expect(document.getElementById('root')).toBe(container);
    expect(field(container, 'emailID').value).toBe('');
    expect(document.activeElement).not.toBe(field(container, 'emailID'));
    await act(async () => container.querySelector('button')!.click());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ emailID: '', password: '' });
  });

  it('leaves the form empty and the focus alone when nothing was typed', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    const { container, onSubmit } = await takeOver(() => {});

    expect(field(container, 'emailID').value).toBe('');
    expect(document.activeElement).toBe(outside);
    await act(async () => container.querySelector('button')!.click());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ emailID: '', password: '' });
  });
});
