import { useState, type FormEvent } from 'react';

/**
 * The state of a dialog that holds an edit form: opening it starts the form afresh from the record as it is now
 * (`reset`: the fields, and the last attempt's error), and `submit` turns a form event into the action.
 */
export function useFormDialog(reset: () => void) {
  const [open, setOpen] = useState(false);
  return {
    props: {
      open,
      onOpenChange: (next: boolean) => {
        setOpen(next);
        if (next) reset();
      },
    },
    close: () => setOpen(false),
    submit: (run: () => void) => (e: FormEvent) => {
      e.preventDefault();
      run();
    },
  };
}
