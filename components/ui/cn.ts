import { clsx, type ClassValue } from 'clsx';

/** Joins class names (clsx); the one helper every UI component uses. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
