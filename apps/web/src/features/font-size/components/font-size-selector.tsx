import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { useBrowserValue } from '@/hooks/use-browser-value';
import {
  DEFAULT_FONT_SIZE,
  FONT_SIZES,
  isFontSize,
  readFontSize,
  saveFontSize,
} from '../font-size-preference';
import type { FontSize } from '../font-size-preference';

/** `id`: the page has two, one in the header and one in the phone menu, each shown in turn. */
export function FontSizeSelector({ id = 'font-size' }: { id?: string }) {
  // The server cannot see the stored size: it renders the default, and the browser's first
  // render agrees with it before showing the stored one (decision 018).
  const storedSize = useBrowserValue(readFontSize, DEFAULT_FONT_SIZE);
  const [chosenSize, setFontSize] = useState<FontSize | null>(null);
  const fontSize = chosenSize ?? storedSize;

  function changeFontSize(event: ChangeEvent<HTMLSelectElement>) {
    const size = event.target.value;
    if (!isFontSize(size)) return;
    setFontSize(size);
    saveFontSize(size);
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-bold">
        Text size
      </label>
      <select
        id={id}
        value={fontSize}
        onChange={changeFontSize}
        className="min-h-11 border-2 border-ink bg-white px-2 text-base text-ink"
      >
        {FONT_SIZES.map((size) => (
          <option key={size.value} value={size.value}>
            {size.label}
          </option>
        ))}
      </select>
    </div>
  );
}
