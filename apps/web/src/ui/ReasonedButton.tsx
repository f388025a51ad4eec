import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type ReasonedButtonProps = Omit<ButtonProps, 'disabled'> & {
  children: ReactNode;
  /** Why the button is off; null when it is on. */
  disabledReason: string | null;
  onClick: () => void;
};

/**
 * A toolbar button that, when off, stays focusable and says why in a tooltip and its accessible
 * description (a disabled button would receive neither hover nor focus).
 */
export function ReasonedButton({ disabledReason, onClick, children, ...buttonProps }: ReasonedButtonProps) {
  const descriptionId = useId();
  if (disabledReason === null) {
    return (
      <Button {...buttonProps} onClick={onClick}>
        {children}
      </Button>
    );
  }
  return (
    <>
      <Tooltip label={disabledReason} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Button
          {...buttonProps}
          data-disabled
          aria-disabled
          aria-describedby={descriptionId}
          // Mantine's disabled style drops pointer events, which would hide the tooltip saying why.
          style={{ pointerEvents: 'auto', cursor: 'not-allowed' }}
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </Button>
      </Tooltip>
      <span id={descriptionId} hidden>
        {disabledReason}
      </span>
    </>
  );
}
