import { useTranslation } from 'react-i18next';
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** A modal dialog (Radix: focus trap, Escape, labelled by its title, focus returns to the trigger). */
export function Dialog({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="overlay" />
        <RadixDialog.Content className="dialog">
          <RadixDialog.Title>{title}</RadixDialog.Title>
          <RadixDialog.Description className={description ? 'meta' : 'sr-only'}>
            {description ?? title}
          </RadixDialog.Description>
          {children}
          <RadixDialog.Close asChild>
            <button type="button" className="secondary close">
              {t('common.close')}
            </button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
