import { useRef, useState } from 'react';
import { CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTOS_MAX, PHOTO_SNIFF_BYTES, sniffPhotoFormat } from '../../contract/index.ts';
import { ERROR_MESSAGE_CLASS, errorId, hintId } from '../core/fields/ErrorMessage.tsx';
import type { ClaimFormTexts } from './claim-form.texts.ts';

/**
 * Up to five photos of the damage (beyond the spec, issue 10), checked as the API checks them: by their first
 * bytes (contract/rules/photo.ts) and their size, so a wrong file is named at once, not after the upload.
 * The chosen photos are listed with a Remove button each; they stay when a submit fails.
 */
export function PhotoPicker({ id, photos, onChange, texts }: { id: string; photos: File[]; onChange: (photos: File[]) => void; texts: ClaimFormTexts }) {
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  async function add(files: File[]) {
    const taken: File[] = [];
    let problem: string | undefined;
    for (const file of files) {
      const name = `"${file.name}"`;
      if (photos.length + taken.length >= CLAIM_PHOTOS_MAX) problem ??= texts.photosTooMany;
      else if (file.size === 0) problem ??= texts.photoEmpty(name);
      else if (file.size > CLAIM_PHOTO_MAX_BYTES) problem ??= texts.photoTooLarge(name);
      else if (!sniffPhotoFormat(new Uint8Array(await file.slice(0, PHOTO_SNIFF_BYTES).arrayBuffer()))) problem ??= texts.photoNotAPhoto(name);
      else taken.push(file);
    }
    setError(problem);
    if (taken.length) onChange([...photos, ...taken]);
  }

  function remove(index: number) {
    const file = photos[index]!;
    onChange(photos.filter((_, i) => i !== index));
    setError(undefined);
    setStatus(texts.photoRemoved(file.name));
    inputRef.current?.focus();
  }

  const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
  return (
    <div className={error ? 'ppm-field ppm-field--error' : 'ppm-field'} part="field photos">
      <label className="ppm-label" htmlFor={id} part="label">
        {texts.photos}
      </label>
      <span id={hintId(id)} className="ppm-hint">
        {texts.photosHint}
      </span>
      {error && (
        <p id={errorId(id)} className={ERROR_MESSAGE_CLASS} part="error-message">
          <span className="ppm-visually-hidden">Error:</span> {error}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        type="file"
        className="ppm-file"
        part="file-input"
        multiple
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId(id), error ? errorId(id) : ''].filter(Boolean).join(' ')}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = ''; // the same photo may be chosen again after a Remove
          setStatus('');
          void add(files);
        }}
      />
      {photos.length > 0 && (
        <ul className="ppm-photos" aria-label={texts.photosList} part="photo-list">
          {photos.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className="ppm-photos__item">
              <span className="ppm-photos__name">
                {file.name} <span className="ppm-photos__size">({size(file.size)})</span>
              </span>
              <button
                type="button"
                className="ppm-button ppm-button--secondary ppm-photos__remove"
                aria-label={texts.removePhoto(file.name)}
                onClick={() => remove(index)}
              >
                {texts.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="ppm-visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
