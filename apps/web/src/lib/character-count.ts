function characters(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'character' : 'characters'}`;
}

/**
 * The hint under a text box with a length cap, counted as the server counts: trimmed. Typing
 * past the cap is allowed (a hard maxlength would silently cut a pasted note short); saving is not.
 */
export function characterCount(text: string, max: number, label: string) {
  const remaining = max - text.trim().length;
  return {
    isTooLong: remaining < 0,
    /** The server's own message (contracts' boundedText), shown before the server is asked. */
    tooLongError:
      remaining < 0
        ? `${label} must be ${max.toLocaleString('en-GB')} characters or fewer`
        : undefined,
    hint:
      remaining >= 0
        ? `You have ${characters(remaining)} remaining`
        : `You have ${characters(-remaining)} too many`,
  };
}
