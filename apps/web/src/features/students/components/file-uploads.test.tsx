import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { stubXhr } from '../../../testing/fake-xhr.ts';
import { studentRecord } from '../../../testing/records.ts';
import { renderRoutes } from '../../../testing/render-app.tsx';
import { ProfilePictureCard } from './profile-picture-card.tsx';
import { ResumeSection } from './resume-section.tsx';

const fileOf = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

/** Chooses a file the way the browser reports it, whatever the input's accept says. */
const choose = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe('profile picture upload', () => {
  const renderCard = () =>
    renderRoutes([{ path: '/', Component: () => <ProfilePictureCard student={studentRecord} /> }], '/');

  it('refuses a file that is not a JPEG or PNG without calling the server', async () => {
    const { calls } = stubApi({});
    const requests = stubXhr();
    renderCard();

    choose('Profile picture file', fileOf('me.gif', 'image/gif', 1_000));

    expect(await screen.findByText('Please upload a valid image.')).toBeVisible();
    expect(requests).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('refuses a picture of 1 MB or more without calling the server', async () => {
    stubApi({});
    const requests = stubXhr();
    renderCard();

    choose('Profile picture file', fileOf('me.png', 'image/png', 1_000_000));

    expect(await screen.findByText('Please upload file of size less than 1 MB')).toBeVisible();
    expect(requests).toEqual([]);
  });

  it('uploads a valid picture with a progress bar, then toasts the server message', async () => {
    stubApi({});
    const requests = stubXhr();
    renderCard();

    expect(screen.getByRole('img', { name: 'Initials of Asha Verma' })).toHaveTextContent('AV');
    choose('Profile picture file', fileOf('me.jpg', 'image/jpeg', 999_999));

    await waitFor(() => expect(requests).toHaveLength(1));
    const [xhr] = requests;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/student/uploadProfilePicture' });
    expect(xhr?.body?.get('profilePicture')).toBeInstanceOf(File);

    xhr?.progress(400, 1000);
    expect(await screen.findByRole('progressbar', { name: 'Uploading' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    xhr?.respond(200, { message: 'Profile picture updated.' });
    expect(await screen.findByText('Profile picture updated.')).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: 'Uploading' })).not.toBeInTheDocument();
  });
});

describe('resume upload', () => {
  const renderSection = () =>
    renderRoutes([{ path: '/', Component: () => <ResumeSection student={studentRecord} /> }], '/');

  it('says so when there is no resume yet', () => {
    stubApi({});
    renderSection();

    expect(screen.getByText('Please upload a valid resume in PDF format.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open PDF in a new tab' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not a PDF without calling the server', async () => {
    const { calls } = stubApi({});
    const requests = stubXhr();
    renderSection();

    choose('Resume file', fileOf('resume.docx', 'application/msword', 10_000));

    expect(await screen.findByText('Please upload a valid PDF file.')).toBeVisible();
    expect(requests).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('refuses a PDF over 5 MB without calling the server', async () => {
    stubApi({});
    const requests = stubXhr();
    renderSection();

    choose('Resume file', fileOf('resume.pdf', 'application/pdf', 5_000_001));

    expect(await screen.findByText('Please upload a file less than 5 MB')).toBeVisible();
    expect(requests).toEqual([]);
  });

  it("toasts the server's refusal of a file that only looked like a PDF", async () => {
    stubApi({});
    const requests = stubXhr();
    renderSection();

    choose('Resume file', fileOf('resume.pdf', 'application/pdf', 5_000_000));
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]?.respond(400, { message: 'Please upload a valid PDF file.' });

    expect(await screen.findByText('Please upload a valid PDF file.')).toBeVisible();
    expect(requests[0]?.body?.get('resume')).toBeInstanceOf(File);
  });
});
