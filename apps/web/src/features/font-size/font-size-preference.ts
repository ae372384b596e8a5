import { readStorage, writeStorage } from '@/lib/storage';

export const FONT_SIZES = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
] as const;

export type FontSize = (typeof FONT_SIZES)[number]['value'];

const STORAGE_KEY = 'fontSize';
export const DEFAULT_FONT_SIZE: FontSize = 'medium';

export function isFontSize(value: unknown): value is FontSize {
  return FONT_SIZES.some((size) => size.value === value);
}

export function readFontSize(): FontSize {
  const stored = readStorage(localStorage, STORAGE_KEY);
  return isFontSize(stored) ? stored : DEFAULT_FONT_SIZE;
}

/** The size is a class on the page root, which sets the rem base (styles.css). */
export function applyFontSize(size: FontSize): void {
  const root = document.documentElement;
  for (const { value } of FONT_SIZES) root.classList.remove(`font-size-${value}`);
  root.classList.add(`font-size-${size}`);
}

export function saveFontSize(size: FontSize): void {
  writeStorage(localStorage, STORAGE_KEY, size);
  applyFontSize(size);
}
