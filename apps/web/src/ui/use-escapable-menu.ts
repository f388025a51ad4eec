import { useState, type KeyboardEvent } from 'react';

/**
 * A Mantine menu that Escape closes wherever the focus is. Mantine closes a menu on Escape from
 * its items; when every item is off (nothing selected), the focus stays on the menu's button,
 * where Escape did nothing in Chromium. Spread `menuProps` on `Menu` and `targetProps` on the
 * button inside `Menu.Target`.
 */
export function useEscapableMenu() {
  const [isOpened, setIsOpened] = useState(false);
  return {
    menuProps: { opened: isOpened, onChange: setIsOpened },
    targetProps: {
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'Escape' || !isOpened) return;
        event.stopPropagation();
        setIsOpened(false);
      },
    },
  };
}
