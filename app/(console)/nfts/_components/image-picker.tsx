'use client';

import { useId, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import { gatewayUrl } from './api';

type Mode = 'none' | 'upload' | 'url' | 'ipfs';
const modes: { value: Mode; label: string }[] = [
  { value: 'none', label: 'No image' },
  { value: 'upload', label: 'Upload' },
  { value: 'url', label: 'URL' },
  { value: 'ipfs', label: 'IPFS URI' },
];

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Largest file the API accepts inline (its body limit is 10 MiB and base64 adds a third). */
const MAX_UPLOAD = 7 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * The `imagePath` control: an uploaded file is read here as a data URI (the server sniffs and
 * stores it), or a URL, or an ipfs:// URI — each with a preview. An empty value means
 * "traceability-only" (no image).
 */
export function ImagePicker({
  value,
  onChange,
  error,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  error?: string;
}) {
  const [mode, setMode] = useState<Mode>('none');
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const [urlPreview, setUrlPreview] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const shownError = fileError ?? error;

  const choose = (next: Mode) => {
    setMode(next);
    setFileError(null);
    setFileName(null);
    onChange(undefined);
  };

  const readFile = (file: File | undefined) => {
    setFileError(null);
    if (!file) return onChange(undefined);
    if (!ACCEPT.split(',').includes(file.type)) {
      setFileError('Choose a PNG, JPEG, GIF or WebP image (SVG is not accepted).');
      return onChange(undefined);
    }
    if (file.size > MAX_UPLOAD) {
      setFileError('The image is larger than 7 MiB; use a URL for bigger files.');
      return onChange(undefined);
    }
    const reader = new FileReader();
    reader.onload = () => {
      setFileName(file.name);
      onChange(typeof reader.result === 'string' ? reader.result : undefined);
    };
    reader.onerror = () => setFileError('The file could not be read.');
    reader.readAsDataURL(file);
  };

  // A typed URL is previewed once the field is left, not fetched on every keystroke.
  const preview = !value ? null : value.startsWith('data:') ? value : value.startsWith('ipfs://') ? gatewayUrl(value) : mode === 'url' && value === urlPreview ? value : null;

  return (
    <fieldset className="space-y-3" aria-describedby={shownError ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">Image</legend>
      <div role="radiogroup" aria-label="Image source" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
        {modes.map((m) => (
          <label
            key={m.value}
            className={cn(
              'cursor-pointer rounded px-3 py-1 text-sm has-focus-visible:ring-2 has-focus-visible:ring-indigo-500',
              mode === m.value ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input type="radio" name={`${id}-mode`} value={m.value} checked={mode === m.value} onChange={() => choose(m.value)} className="sr-only" />
            {m.label}
          </label>
        ))}
      </div>
      {mode === 'none' && <p className="text-xs text-slate-500">Without an image the NFT is traceability-only: a metadata JSON is kept and nothing is uploaded.</p>}
      {mode === 'upload' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-file`} className="block text-sm text-slate-700">
            Image file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            aria-invalid={Boolean(shownError)}
            onChange={(e) => readFile(e.target.files?.[0])}
            className="block text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          />
          {fileName && <p className="text-xs text-slate-500">Selected: {fileName}</p>}
        </div>
      )}
      {mode === 'url' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-url`} className="block text-sm text-slate-700">
            Image URL
          </label>
          <Input
            id={`${id}-url`}
            type="url"
            placeholder="https://example.com/picture.png"
            aria-invalid={Boolean(shownError)}
            onChange={(e) => onChange(e.target.value.trim() || undefined)}
            onBlur={(e) => setUrlPreview(isHttpUrl(e.target.value.trim()) ? e.target.value.trim() : null)}
          />
          <p className="text-xs text-slate-500">The server downloads it (public addresses only, 10 s, 10 MiB).</p>
        </div>
      )}
      {mode === 'ipfs' && (
        <div className="space-y-1">
          <label htmlFor={`${id}-ipfs`} className="block text-sm text-slate-700">
            IPFS URI
          </label>
          <Input
            id={`${id}-ipfs`}
            placeholder="ipfs://bafy…"
            aria-invalid={Boolean(shownError)}
            onChange={(e) => onChange(e.target.value.trim() || undefined)}
          />
          <p className="text-xs text-slate-500">Kept as given; the preview works when this app stores that CID.</p>
        </div>
      )}
      {mode !== 'none' && (
        // A fixed box, so the form does not move when a preview appears (e.g. when the URL field is left).
        <div className="flex h-40 w-40 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50 p-2 text-center text-xs text-slate-500">
          {preview && brokenPreview !== preview ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local preview (data URI, the given URL or our gateway)
            <img
              src={preview}
              alt="Preview of the chosen image"
              className="h-full w-full object-contain"
              data-testid="image-preview"
              onError={() => setBrokenPreview(preview)}
            />
          ) : preview ? (
            'No preview available for this address.'
          ) : (
            'Preview'
          )}
        </div>
      )}
      {shownError && (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {shownError}
        </p>
      )}
    </fieldset>
  );
}
