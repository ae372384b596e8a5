/** A button that reads as a link: it changes the dialog's mode or opens one, without leaving. */
export const linkButtonClassName =
  'cursor-pointer text-lg text-link underline underline-offset-2 hover:text-link-hover hover:decoration-[3px]';
