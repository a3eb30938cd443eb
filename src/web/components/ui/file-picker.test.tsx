import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilePicker } from './file-picker.tsx';
import { PhotoStrip, storedPhotos } from './photo-strip.tsx';

describe('FilePicker', () => {
  it('is a native file input inside its visible label, with its accept list', () => {
    const html = renderToStaticMarkup(
      <FilePicker id="pick" accept="image/jpeg,image/png" multiple onFiles={() => {}}>
        Choose photos
      </FilePicker>,
    );
    expect(html).toMatch(
      /<label for="pick"[^>]*>Choose photos<input type="file" accept="image\/jpeg,image\/png" multiple=""/,
    );
    expect(html).toContain('id="pick"');
    expect(html).not.toContain('aria-invalid');
  });

  it('shows a field label above it, and its error tied to the input', () => {
    const html = renderToStaticMarkup(
      <FilePicker
        id="pick"
        label="Photos (up to 5)"
        accept="image/png"
        error="Add up to 5 photos."
        onFiles={() => {}}
      >
        Choose photos
      </FilePicker>,
    );
    expect(html).toMatch(/<label[^>]*for="pick"[^>]*>Photos \(up to 5\)<\/label>/);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="pick-error"');
    expect(html).toMatch(/<p id="pick-error"[^>]*role="alert">Add up to 5 photos\.<\/p>/);
    expect(html).not.toContain('multiple');
  });

  it('leaves the error to the form when asked, still tied to the input', () => {
    const html = renderToStaticMarkup(
      <FilePicker id="pick" accept="image/png" error="Too big." showError={false} onFiles={() => {}}>
        Attach images
      </FilePicker>,
    );
    expect(html).toContain('aria-describedby="pick-error"');
    expect(html).not.toContain('Too big.');
  });
});

describe('PhotoStrip', () => {
  const photos = storedPhotos(
    [
      { url: '/a.jpg', thumbUrl: '/a-thumb.jpg', width: 10, height: 10 },
      { url: '/b.jpg', thumbUrl: '/b-thumb.jpg', width: 10, height: 10 },
    ],
    (i, n) => `The problem, ${i + 1} of ${n}`,
  );

  it('is a named list; each thumbnail opens the photo full size', () => {
    const html = renderToStaticMarkup(<PhotoStrip label="Photos of the problem" photos={photos} />);
    expect(html).toContain('<ul aria-label="Photos of the problem"');
    expect(html).toMatch(
      /<a href="\/b\.jpg" target="_blank"[^>]*><img src="\/b-thumb\.jpg" alt="The problem, 2 of 2"/,
    );
    expect(html).not.toContain('<button');
  });

  it('gives each photo its own Remove button when photos can be removed', () => {
    const html = renderToStaticMarkup(
      <PhotoStrip label="Images to send" photos={photos} onRemove={() => {}} />,
    );
    expect(html).toContain('aria-label="Remove image 1"');
    expect(html).toContain('aria-label="Remove image 2"');
  });

  it('shows nothing for no photos', () => {
    expect(renderToStaticMarkup(<PhotoStrip label="Chosen pictures" photos={[]} />)).toBe('');
  });
});
