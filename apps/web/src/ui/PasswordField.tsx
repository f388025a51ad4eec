import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordFieldProps = Omit<PasswordInputProps, 'label' | 'visible' | 'onVisibilityChange' | 'visibilityToggleButtonProps'> & {
  label: string;
};

/**
 * A password input whose show/hide button says what it will do: "Afficher le champ « Mot de
 * passe »", then "Masquer…" once shown, so that a screen-reader user hears the state (Mantine's
 * toggle kept one name and only flipped aria-pressed, read as "Afficher…, enfoncé"). The button is
 * in the Tab order: a keyboard user can check what they typed too.
 */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      label={label}
      visible={isVisible}
      onVisibilityChange={setIsVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': t(isVisible ? 'global.password_field.hide' : 'global.password_field.show', { field: label }),
        // The name says the state; a pressed state as well would read "Masquer…, enfoncé".
        'aria-pressed': undefined,
      }}
    />
  );
}
