/**
 * What a form's named field holds at the moment it is submitted, trimmed. The page's state can be a render behind
 * the field: a field filled and submitted in one moment (an autofilled one-time code, a password manager, a fast
 * Enter) would send the previous render's value, and TanStack Query hands a new `mutationFn` to its observer only in
 * a passive effect, after the next paint. So a submit reads the form itself.
 */
export function submittedValue(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value.trim() : '';
}
