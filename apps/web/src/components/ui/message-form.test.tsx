import type { MessagePreview } from '@portal/contracts/messaging';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageForm } from './message-form.tsx';

const preview: MessagePreview = {
  recipientCount: 2,
  recipient: {
    name: 'Asha Rao',
    values: { firstName: 'Asha', jobRole: 'Data Analyst', company: 'Initech', stage: 'Online Assessment' },
  },
  subject: null,
  body: null,
};

const setup = (p: MessagePreview | undefined = preview) => {
  const onSend = vi.fn(() => Promise.resolve(true));
  render(
    <MessageForm
      heading="Message applicants"
      noun="applicant"
      preview={p}
      previewPending={false}
      onSend={onSend}
      isSending={false}
    />,
  );
  // In user-event, "{" starts a key name; "{{" types the brace itself.
  return { onSend, user: userEvent.setup() };
};

describe('MessageForm', () => {
  it('previews the text filled for the first recipient as it is typed, and sends after confirming', async () => {
    const { onSend, user } = setup();
    await user.type(screen.getByLabelText('Subject'), '{{stage} for {{jobRole}');
    await user.type(screen.getByLabelText('Message'), 'Hi {{firstName}, {{company} sends the link.');
    expect(screen.getByText('Preview for Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('Online Assessment for Data Analyst')).toBeInTheDocument();
    expect(screen.getByText('Hi Asha, Initech sends the link.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send to 2 applicants' }));
    const dialog = screen.getByRole('dialog', { name: 'Send to 2 applicants?' });
    expect(onSend).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Send to 2 applicants' }));
    expect(onSend).toHaveBeenCalledWith({
      subject: '{stage} for {jobRole}',
      body: 'Hi {firstName}, {company} sends the link.',
    });
  });

  it("names an unknown placeholder with the contract's message and sends nothing", async () => {
    const { onSend, user } = setup();
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'Hi {{name}');
    await user.click(screen.getByRole('button', { name: 'Send to 2 applicants' }));
    expect(await screen.findByText(/Unknown placeholder \{name\}/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('cannot send when nobody would receive it', () => {
    setup({ recipientCount: 0, recipient: null, subject: null, body: null });
    expect(screen.getByText('Nobody would receive this message.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
