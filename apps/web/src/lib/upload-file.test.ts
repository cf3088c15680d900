import { describe, expect, it } from 'vitest';
import { stubXhr } from '../testing/fake-xhr.ts';
import { ApiError } from './api-client.ts';
import { uploadFile } from './upload-file.ts';

const pdf = () => new File(['%PDF-1.4'], 'resume.pdf', { type: 'application/pdf' });

describe('uploadFile', () => {
  it('sends the file in the named multipart field with the cookie, reports progress and resolves to the message', async () => {
    const requests = stubXhr();
    const progress: number[] = [];
    const file = pdf();

    const upload = uploadFile('/api/student/uploadResume', {
      field: 'resume',
      file,
      onProgress: (p) => progress.push(p),
    });
    const [xhr] = requests;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/student/uploadResume', withCredentials: true });
    expect(xhr?.body?.get('resume')).toBe(file);

    xhr?.progress(50, 200);
    xhr?.respond(200, { message: 'Resume uploaded successfully.' });

    await expect(upload).resolves.toBe('Resume uploaded successfully.');
    expect(progress).toEqual([0, 25, 100]);
  });

  it("rejects with the server's message and status", async () => {
    const requests = stubXhr();
    const upload = uploadFile('/api/student/uploadResume', { field: 'resume', file: pdf() });
    requests[0]?.respond(400, { message: 'Please upload a valid PDF file.' });

    const error = await upload.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Please upload a valid PDF file.' });
  });

  it('gives the network message when no response arrives', async () => {
    const requests = stubXhr();
    const upload = uploadFile('/api/student/uploadResume', { field: 'resume', file: pdf() });
    requests[0]?.failNetwork();

    await expect(upload).rejects.toMatchObject({
      status: 0,
      message: 'Network error. Please check your connection.',
    });
  });
});
