import { useEffect, useState } from 'react';
import Keyboard from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';

const typedInputs = new Set(['text', 'email', 'tel', 'search', 'password', 'number', '']);

const layouts = {
  default: ['1 2 3 4 5 6 7 8 9 0 {bksp}', 'q w e r t y u i o p', 'a s d f g h j k l', '{shift} z x c v b n m . -', '@ {space} .com {done}'],
  shift: ['1 2 3 4 5 6 7 8 9 0 {bksp}', 'Q W E R T Y U I O P', 'A S D F G H J K L', '{shift} Z X C V B N M . -', '@ {space} .com {done}'],
  numeric: ['1 2 3', '4 5 6', '7 8 9', '+ 0 {bksp}', '{done}'],
};

/** Writes through the input's native setter so React (and react-hook-form) see a real input event. */
function typeInto(input: HTMLInputElement, next: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, next);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A kiosk has no physical keyboard: whichever text field has focus gets this keyboard docked at
 * the bottom, numeric for phone numbers and amounts. Keys do not steal focus from the field.
 */
export function OnScreenKeyboard() {
  const [target, setTarget] = useState<HTMLInputElement | null>(null);
  const [shift, setShift] = useState(false);

  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const el = event.target;
      if (el instanceof HTMLInputElement && typedInputs.has(el.type) && !el.readOnly) setTarget(el);
    };
    const onBlur = (event: FocusEvent) => {
      // Focus moving onto the keyboard itself is not leaving the field.
      if (!(event.relatedTarget instanceof Element && event.relatedTarget.closest('.osk'))) setTarget(null);
    };
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onBlur);
    return () => {
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onBlur);
    };
  }, []);

  if (!target) return null;
  const numeric = target.inputMode === 'numeric' || target.inputMode === 'decimal' || target.inputMode === 'tel' || target.type === 'tel';
  const onKeyPress = (button: string) => {
    const value = target.value;
    if (button === '{done}') return target.blur();
    if (button === '{shift}') return setShift(!shift);
    if (button === '{bksp}') return typeInto(target, value.slice(0, -1));
    typeInto(target, value + (button === '{space}' ? ' ' : button));
    if (shift) setShift(false);
  };
  return (
    <>
    {/* Room at the bottom of the page so the focused field can scroll above the keyboard. */}
    <div className="osk-spacer" aria-hidden="true" />
    <div className="osk" role="group" aria-label="On-screen keyboard" onMouseDown={(e) => e.preventDefault()}>
      <Keyboard
        layout={layouts}
        layoutName={numeric ? 'numeric' : shift ? 'shift' : 'default'}
        display={{ '{bksp}': '⌫ Delete', '{shift}': '⇧ Shift', '{space}': 'Space', '{done}': 'Done' }}
        onKeyPress={onKeyPress}
        preventMouseDownDefault
        useButtonTag
      />
    </div>
    </>
  );
}
