import { ValidationError } from '@/lib/errors';

/** A 400 that says why an image was not accepted, on the `imagePath` field. */
export class ImageRefusedError extends ValidationError {
  constructor(reason: string) {
    super(`imagePath was refused: ${reason}.`, [`imagePath: ${reason}`]);
  }
}
