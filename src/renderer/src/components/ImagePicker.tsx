import { sniffImageKind } from '../../../shared/image-kind';
import { useNotify } from './notify';
import { useEffect, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import type { PickedFile } from '../../../shared/endpoints';
import { LIMITS } from '../../../shared/limits';
import { useTransport } from '../api/TransportContext';
import { visuallyHidden } from './visuallyHidden';

interface Props {
  /** Visible label of the picker; the file input is reachable by it (getByLabel). */
  label: string;
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  /** Shown under the picker (e.g. a validation error). */
  error?: string;
}

let seq = 0;
const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `f${Date.now()}-${++seq}`);

/** Turns image files from an <input type="file"> into PickedFile objects with an object-URL preview. */
function toPicked(list: File[]): PickedFile[] {
  return list.map((f) => ({ id: newId(), name: f.name, size: f.size, type: f.type, previewUrl: URL.createObjectURL(f), file: f }));
}

/** Splits chosen files by their first bytes (as the server judges them): JPEG, PNG or WebP, and the rest. */
async function byContent(list: File[]): Promise<{ images: File[]; refused: string[] }> {
  const kinds = await Promise.all(list.map(async (f) => sniffImageKind(new Uint8Array(await f.slice(0, 16).arrayBuffer()))));
  return { images: list.filter((_, i) => kinds[i]), refused: list.filter((_, i) => !kinds[i]).map((f) => f.name) };
}

export const notAnImageText = (name: string) => `${name} is not a JPEG, PNG or WebP image.`;

/**
 * Chooses images with previews and removal. Inside the desktop app it uses the native picker
 * (transport.pickImages); in a browser, a labelled file input.
 */
export default function ImagePicker({ label, files, onChange, multiple = true, disabled, error }: Props) {
  const transport = useTransport();
  const notify = useNotify();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const created = useRef(new Set<string>());
  const latest = useRef(files);
  latest.current = files;

  // Object URLs we made are released when their file leaves the list, and all of them on unmount.
  useEffect(() => {
    const live = new Set(files.map((f) => f.previewUrl));
    for (const url of created.current) {
      if (!live.has(url)) {
        URL.revokeObjectURL(url);
        created.current.delete(url);
      }
    }
  }, [files]);
  useEffect(
    () => () => {
      for (const url of created.current) URL.revokeObjectURL(url);
      created.current.clear();
    },
    [],
  );

  const add = (picked: PickedFile[]) => {
    if (!picked.length) return;
    const next = multiple ? [...latest.current, ...picked].slice(0, LIMITS.uploads.imagesPerRequest.value) : picked.slice(0, 1);
    onChange(next);
  };

  // A file that is not an image is refused when it is picked, by name (main's picker marks them by content too).
  const refuse = (names: string[]) => names.forEach((n) => notify.error(notAnImageText(n)));

  const pickNative = async () => {
    if (!transport.pickImages) return;
    const picked = await transport.pickImages(multiple);
    refuse(picked.filter((p) => !p.type.startsWith('image/')).map((p) => p.name));
    add(picked.filter((p) => p.type.startsWith('image/')));
  };

  const onInput = async (e: React.ChangeEvent<HTMLInputElement>) => {
    if (!e.target.files) return;
    const chosen = Array.from(e.target.files);
    e.target.value = '';
    const { images, refused } = await byContent(chosen);
    refuse(refused);
    const picked = toPicked(images);
    picked.forEach((p) => created.current.add(p.previewUrl));
    add(picked);
  };

  const remove = (id: string) => onChange(latest.current.filter((f) => f.id !== id));

  return (
    <Box sx={{ position: 'relative' }}>
      {transport.pickImages ? (
        <Button variant="outlined" startIcon={<AddPhotoAlternateIcon />} onClick={pickNative} disabled={disabled}>
          {label}
        </Button>
      ) : (
        <>
          {/* A real button opens the file input (a label styled as a button would nest an input in a button role). */}
          <Button variant="outlined" startIcon={<AddPhotoAlternateIcon />} disabled={disabled} onClick={() => inputRef.current?.click()}>
            {label}
          </Button>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            aria-label={label}
            tabIndex={-1}
            multiple={multiple}
            disabled={disabled}
            onChange={onInput}
            style={{ ...visuallyHidden, opacity: 0 }}
          />
        </>
      )}
      {error && (
        <Typography color="error" variant="body2" sx={{ mt: 0.5 }} role="alert">
          {error}
        </Typography>
      )}
      {files.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {files.map((f) => (
            <Box
              key={f.id}
              sx={{ position: 'relative', width: 96, height: 96, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
            >
              {/* Whole, never cropped (issue 55: the card's number at its edge was cut off). */}
              <img src={f.previewUrl} alt={`Preview of ${f.name}`} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
              <IconButton
                size="small"
                aria-label={`Remove ${f.name}`}
                onClick={() => remove(f.id)}
                disabled={disabled}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
