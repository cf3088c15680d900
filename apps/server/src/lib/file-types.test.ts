import { describe, expect, it } from 'vitest';
import { FILE_TYPE_HEAD_BYTES, detectFileType } from './file-types.ts';

/** A complete 1x1 PNG, as an image editor writes it. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JFIF JPEG: SOI, then the APP0 segment. */
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
/** The start of an EXIF JPEG, as phone cameras write it: SOI, then APP1. */
const exifJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x18, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00]);
const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');

describe('detectFileType', () => {
  it('recognises real PNG, JPEG and PDF headers', () => {
    expect(detectFileType(png)).toBe('image/png');
    expect(detectFileType(jpeg)).toBe('image/jpeg');
    expect(detectFileType(exifJpeg)).toBe('image/jpeg');
    expect(detectFileType(pdf)).toBe('application/pdf');
  });

  it('needs only the first FILE_TYPE_HEAD_BYTES bytes', () => {
    for (const file of [png, jpeg, pdf]) {
      expect(detectFileType(file.subarray(0, FILE_TYPE_HEAD_BYTES))).toBe(detectFileType(file));
    }
  });

  it('goes by the bytes alone, so a PNG uploaded as resume.pdf is still a PNG', () => {
    const uploadedAsPdf = { filename: 'resume.pdf', mimetype: 'application/pdf', head: png };
    expect(detectFileType(uploadedAsPdf.head)).toBe('image/png');
  });

  it('rejects text, other formats and garbage', () => {
    expect(detectFileType(Buffer.from('Dear recruiter, please find my resume attached.'))).toBeNull();
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectFileType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(detectFileType(Buffer.from('PK\x03\x04', 'latin1'))).toBeNull(); // a .docx
    expect(detectFileType(Buffer.from(' %PDF-1.7'))).toBeNull(); // the magic must come first
    expect(detectFileType(Buffer.from('%pdf-1.7'))).toBeNull();
    expect(detectFileType(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]))).toBeNull();
  });

  it('returns null for empty and truncated buffers without throwing', () => {
    expect(detectFileType(Buffer.alloc(0))).toBeNull();
    expect(detectFileType(Buffer.from([0xff]))).toBeNull();
    expect(detectFileType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectFileType(png.subarray(0, 7))).toBeNull();
    expect(detectFileType(Buffer.from('%PDF'))).toBeNull();
  });
});
